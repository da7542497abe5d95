import { contractPriceApplies } from '@shop/contract/contract-prices';

/** Today as the shop counts prices' last days: the UTC day, YYYY-MM-DD. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** A row as the list shows it: its price as typed, its last day, and how it was saved (if it was). */
export interface DatedRow {
  partsId: string;
  unitPrice: string;
  validUntil: string;
  saved?: { unitPrice: string; validUntil: string };
}

/**
 * The parts whose last day has passed on `today` in a price that is new or changed: the API keeps
 * a price that ran out only as it was saved, so the admin gives it a new last day or removes it.
 */
export function partsPastTheirDay(rows: readonly DatedRow[], today: string): Set<string> {
  const unchanged = (row: DatedRow) =>
    row.saved?.unitPrice === row.unitPrice && row.saved.validUntil === row.validUntil;
  return new Set(
    rows
      .filter((row) => !contractPriceApplies(row.validUntil || undefined, today) && !unchanged(row))
      .map((row) => row.partsId),
  );
}

/** Why the list cannot be saved as it is, naming the parts whose last day has passed. */
export function pastDayMessage(names: readonly string[]): string {
  const which = names.length === 1 ? `${names[0]} has a last day` : `${names.length} prices have last days`;
  return `${which} in the past: give a new last day or remove the price, then save.`;
}
