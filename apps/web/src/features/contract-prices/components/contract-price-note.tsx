import type { ContractPrice } from '@shop/contract/parts';
import { formatDay, formatDollars } from '../../../lib/format';

/** The words for a company's contract price: "Your company's price: $X a piece (until 1 Mar 2027)". */
export function contractPriceText(price: ContractPrice): string {
  const until = price.validUntil ? ` (until ${formatDay(price.validUntil)})` : '';
  return `Your company's price: ${formatDollars(price.unitPrice)} a piece${until}`;
}

/**
 * The signed-in member's contract price for a part, where the part is priced: it applies when it
 * is below the list price for the quantity (the price shown already counts it).
 */
export function ContractPriceNote({
  price,
  className,
}: {
  price?: ContractPrice | undefined;
  className?: string;
}) {
  if (!price) return null;
  return (
    <p className={className ?? 'rounded-box bg-success/15 px-3 py-2'} data-testid="contract-price">
      {contractPriceText(price)}
    </p>
  );
}
