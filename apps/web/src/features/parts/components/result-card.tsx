import type { Category } from '@shop/contract/catalog';
import type { Part } from '@shop/contract/parts';
import { Link } from 'react-router';
import { formatDollars, formatPieces } from '../../../lib/format';
import { StockNote } from '../../availability';
import { ContractPriceNote, ListPrice } from '../../contract-prices';
import { specificationOf } from '../specification';
import { LifecycleNote } from './lifecycle-note';
import { productPath } from './part-card';

/** How many of a part's values a result shows (its page shows them all). */
const SHOWN_VALUES = 6;

/**
 * One part the finder found: its picture, name, number and maker, lifecycle, the values of its
 * specification, price and stock. Its name leads to its page; the picture is a second way for the
 * pointer only.
 */
export function ResultCard({
  part,
  categories,
  replacement,
  eager,
}: {
  part: Part;
  categories: readonly Category[] | null;
  replacement: Pick<Part, '_id' | 'name'> | undefined;
  eager: boolean;
}) {
  const values = specificationOf(part, categories).slice(0, SHOWN_VALUES);
  const lowest = part.price_breaks.at(-1);
  return (
    <article className="card card-border flex-row gap-3 bg-base-100 p-3 shadow-sm sm:gap-4 sm:p-4">
      <Link to={productPath(part._id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <img
          src={part.img}
          alt={part.name}
          width={112}
          height={84}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-16 w-20 rounded-box bg-base-200 object-cover sm:h-24 sm:w-32"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:gap-4">
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="font-semibold leading-snug">
            <Link to={productPath(part._id)} className="link-hover link break-words">
              {part.name}
            </Link>
          </h2>
          {(part.mpn || part.manufacturer) && (
            <p className="text-sm text-base-content/80">
              {part.mpn && <span className="font-mono">{part.mpn}</span>}
              {part.mpn && part.manufacturer && ' · '}
              {part.manufacturer}
            </p>
          )}
          {part.customerPartNumber && (
            <p className="text-sm">
              Your part number: <span className="font-mono">{part.customerPartNumber}</span>
            </p>
          )}
          <LifecycleNote part={part} replacement={replacement} />
          {values.length > 0 && (
            <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm">
              {values.map((value) => (
                <div key={value.key} className="flex gap-1">
                  <dt className="text-base-content/70">{value.name}:</dt>
                  <dd>{value.text}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap items-baseline gap-x-3 gap-y-1 text-sm sm:w-40 sm:flex-col sm:items-end sm:text-right">
          <p>
            <strong className="text-base">
              <ListPrice listPrice={part.price_per_piece} contractPrice={part.contractPrice} />
            </strong>{' '}
            per piece
          </p>
          {lowest && (
            <p className="text-base-content/80">
              {formatDollars(lowest.price_per_piece)} from {formatPieces(lowest.min_quantity)}
            </p>
          )}
          <ContractPriceNote price={part.contractPrice} className="font-medium text-success-content" />
          <StockNote part={part} />
          <p className="text-base-content/70">Min. order {formatPieces(part.min_order_quantity)}</p>
        </div>
      </div>
    </article>
  );
}
