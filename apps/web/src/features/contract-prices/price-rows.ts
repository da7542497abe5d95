import { contractPriceApplies } from '@shop/contract/contract-prices';

/** Today as the shop counts prices' last days: the UTC day, YYYY-MM-DD. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The parts whose last day has passed on `today`: the API refuses to keep such a price, so the
 * admin gives it a new last day or removes it before the list is saved.
 */
export function partsPastTheirDay(
  rows: readonly { partsId: string; validUntil: string }[],
  today: string,
): Set<string> {
  return new Set(
    rows.filter((row) => !contractPriceApplies(row.validUntil || undefined, today)).map((row) => row.partsId),
  );
}

/** Why the list cannot be saved as it is, naming the parts whose last day has passed. */
export function pastDayMessage(names: readonly string[]): string {
  const which = names.length === 1 ? `${names[0]} has a last day` : `${names.length} prices have last days`;
  return `${which} in the past: give a new last day or remove the price, then save.`;
}
