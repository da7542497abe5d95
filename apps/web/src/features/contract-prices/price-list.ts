import type { ContractPriceItem } from '@shop/contract/contract-prices';
import { formatDay } from '../../lib/availability';
import { formatCount } from '../../lib/format';

/** A company's prices as its members read them: those that apply first, the expired ones after (each by name, as the API sends them). */
export function orderedPrices(items: readonly ContractPriceItem[]): ContractPriceItem[] {
  return [...items.filter((item) => !item.expired), ...items.filter((item) => item.expired)];
}

/** Until when a price applies, in words: its last day, or that it has none. */
export function untilText(item: Pick<ContractPriceItem, 'validUntil'>): string {
  return item.validUntil ? `Through ${formatDay(item.validUntil)}` : 'No end date';
}

/** How many prices the company has, and how many of them no longer apply. */
export function pricesSummary(items: readonly Pick<ContractPriceItem, 'expired'>[]): string {
  const expired = items.filter((item) => item.expired).length;
  const all = `${formatCount(items.length)} ${items.length === 1 ? 'contract price' : 'contract prices'}`;
  return expired === 0 ? `${all}.` : `${all}, ${formatCount(expired)} of them expired.`;
}
