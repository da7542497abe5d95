/**
 * When a part's pieces ship (docs/api.md, "Availability"), without zod: the storefront's product
 * and catalog pages compute it, and a public page that imported availability.ts would load zod and
 * build every schema of the contract it reaches. availability.ts re-exports it.
 */
import type { IncomingBatch } from './parts.js';

/** What a part tells a buyer about when pieces ship: stock, waiting orders, batches, lead time. */
export interface PartAvailability {
  available_quantity: number;
  backorderable: boolean;
  incoming: readonly IncomingBatch[];
  leadTimeDays?: number | undefined;
  /** Pieces other orders wait for already: the incoming batches go to them first. */
  backordered?: number | undefined;
}

/** When the pieces of `quantity` ship: some now, the rest by expected day (undefined: unknown). */
export interface ShipPlan {
  now: number;
  later: { quantity: number; expectedAt?: string }[];
}

const DAY_MS = 86_400_000;

/** The day `days` after `today` (YYYY-MM-DD). */
export function dayAfter(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * How `quantity` more pieces would ship: from stock now; the rest from the incoming batches in
 * the order they are expected, after the pieces other orders wait for (`skip`, which defaults to
 * the part's backordered); what no batch covers by the lead time from `today` (not before the last
 * batch), or unknown.
 */
export function shipPlan(part: PartAvailability, quantity: number, today: string, skip?: number): ShipPlan {
  const now = Math.min(Math.max(part.available_quantity, 0), quantity);
  let rest = quantity - now;
  let ahead = skip ?? part.backordered ?? 0;
  const later: ShipPlan['later'] = [];
  for (const batch of [...part.incoming].sort((a, b) => a.expectedAt.localeCompare(b.expectedAt))) {
    if (rest === 0) break;
    const free = batch.quantity - Math.min(ahead, batch.quantity);
    ahead -= batch.quantity - free;
    const take = Math.min(free, rest);
    if (take > 0) later.push({ quantity: take, expectedAt: batch.expectedAt });
    rest -= take;
  }
  if (rest === 0) return { now, later };
  if (part.leadTimeDays === undefined) return { now, later: [...later, { quantity: rest }] };
  // Ordered now, they come after the lead time, and after the batches on their way already.
  const last = later.at(-1);
  const byLeadTime = dayAfter(today, part.leadTimeDays);
  if (last?.expectedAt && last.expectedAt >= byLeadTime) last.quantity += rest;
  else later.push({ quantity: rest, expectedAt: byLeadTime });
  return { now, later };
}

/** The day the last of the plan's pieces is expected: undefined when all ship now or one is unknown. */
export function lastExpected(plan: ShipPlan): string | undefined {
  const last = plan.later.at(-1);
  return last?.expectedAt;
}
