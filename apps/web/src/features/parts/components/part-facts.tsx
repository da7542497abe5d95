import type { Part } from '@shop/contract/parts';
import { formatPieces } from '../../../lib/format';
import { ListPrice } from '../../contract-prices';

/**
 * A part's price, minimum order and available pieces (and its order multiple, when it is sold in
 * reels or packs), as its card and its page show them; the price struck through when the
 * member's company has a contract price for the part (the card and the page name that price).
 */
export function PartFacts({ part, className }: { part: Part; className: string }) {
  return (
    <dl className={className}>
      <dt className="font-semibold">Price</dt>
      <dd>
        <ListPrice listPrice={part.price_per_piece} contractPrice={part.contractPrice} /> per piece
      </dd>
      <dt className="font-semibold">Minimum order</dt>
      <dd>{formatPieces(part.min_order_quantity)}</dd>
      <dt className="font-semibold">Available</dt>
      <dd>{formatPieces(part.available_quantity)}</dd>
      {part.order_multiple > 1 && (
        <>
          <dt className="font-semibold">Sold in</dt>
          <dd>multiples of {formatPieces(part.order_multiple)}</dd>
        </>
      )}
    </dl>
  );
}
