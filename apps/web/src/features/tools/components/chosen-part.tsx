import type { ToolPart } from '@shop/contract/tools';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDollars, formatPieces, isOutOfStock } from '../../../lib/format';
import { showSuccess } from '../../../lib/toasts';
import { addToOrder } from '../../order-builder';

/** The part a hotspot (or the parts list) names: its price, its stock and adding it to the order builder. */
export function ChosenPart({ line }: { line: ToolPart | undefined }) {
  const [addedId, setAddedId] = useState<string>();
  if (!line)
    return (
      <p className="text-base-content/80">
        Choose a numbered position on the drawing to see its part, its price and its stock.
      </p>
    );
  const part = line.part;
  const added = addedId === line.partsId;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-base-content/70">Position {line.position}</p>
      <h2 className="text-xl font-semibold">
        <Link to={`/parts/${encodeURIComponent(line.partsId)}`} className="link link-hover">
          {line.partsName}
        </Link>
      </h2>
      {!part ? (
        <p>This part is no longer sold.</p>
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">Price</dt>
            <dd>{formatDollars(part.price_per_piece)} per piece</dd>
            <dt className="font-semibold">In stock</dt>
            <dd>{formatPieces(part.available_quantity)}</dd>
            <dt className="font-semibold">Minimum order</dt>
            <dd>{formatPieces(part.min_order_quantity)}</dd>
            <dt className="font-semibold">Per tool</dt>
            <dd>{formatPieces(line.quantityPerTool)}</dd>
          </dl>
          {isOutOfStock(part) ? (
            <p>
              <span className="badge badge-neutral">Out of stock</span>
            </p>
          ) : (
            <button
              type="button"
              className="btn btn-primary self-start"
              onClick={() => {
                addToOrder(line.partsId, part.min_order_quantity);
                showSuccess('Added to your order');
                setAddedId(line.partsId);
              }}
            >
              Add {formatPieces(part.min_order_quantity)} to order builder
            </button>
          )}
        </>
      )}
      <p role="status" className="text-sm">
        {added && (
          <>
            Added to your order builder.{' '}
            <Link to="/order" className="link link-primary">
              See your order
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
