import type { Part } from '@shop/contract/parts';
import { Link } from 'react-router';
import { isOutOfStock } from '../../../lib/format';
import { ContractPriceNote } from '../../contract-prices';
import { PartFacts } from './part-facts';

/** Where a part's own page is. */
export const productPath = (id: string) => `/parts/${encodeURIComponent(id)}`;

/**
 * One part of the storefront; its name is a heading one level below the list's own heading. Its
 * picture and name lead to the part's page (the picture's link is a second way for the pointer
 * only: the name's link is the one a keyboard or screen reader meets).
 */
export function PartCard({
  part,
  eager = false,
  Heading = 'h3',
}: {
  part: Part;
  eager?: boolean;
  Heading?: 'h2' | 'h3';
}) {
  return (
    <article className="card bg-base-100 shadow-md transition hover:shadow-lg">
      <Link
        to={productPath(part._id)}
        tabIndex={-1}
        aria-hidden="true"
        className="block overflow-hidden rounded-t-box"
      >
        <figure className="aspect-[4/3] bg-base-200">
          <img
            src={part.img}
            alt={part.name}
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            // The first row's pictures are the largest thing on a phone's first screen: fetch them first.
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            className="h-full w-full object-cover"
          />
        </figure>
      </Link>
      <div className="card-body gap-3">
        <Heading className="card-title text-lg">
          <Link to={productPath(part._id)} className="link-hover link">
            {part.name}
          </Link>
        </Heading>
        <p className="text-sm text-base-content/80">{part.desc}</p>
        <PartFacts part={part} className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" />
        <ContractPriceNote price={part.contractPrice} className="text-sm font-medium" />
        <div className="card-actions justify-end">
          {isOutOfStock(part) ? (
            <span className="badge badge-lg badge-neutral">Out of stock</span>
          ) : (
            <Link to={`/purchase/${part._id}`} className="btn btn-primary">
              Buy
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
