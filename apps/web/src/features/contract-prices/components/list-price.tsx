import type { ContractPrice } from '@shop/contract/parts';
import { formatDollars } from '../../../lib/format';

/**
 * A part's list price a piece, struck through when the member's company has a contract price
 * for it (ContractPriceNote names that price beside it). The strike is said in words too: a
 * screen reader does not read it.
 */
export function ListPrice({
  listPrice,
  contractPrice,
  className,
}: {
  listPrice: number;
  contractPrice?: ContractPrice | undefined;
  className?: string;
}) {
  if (!contractPrice) return <span className={className}>{formatDollars(listPrice)}</span>;
  return (
    <s className={className} data-testid="struck-list-price">
      <span className="sr-only">List price, not yours: </span>
      {formatDollars(listPrice)}
    </s>
  );
}
