import type { IncomingBatch } from '@shop/contract/parts';
import { type PartAvailability, type ShipPlan, shipPlan } from '@shop/contract/ship-plan';
import { formatCount, formatDay } from './format';

/*
 * What a buyer reads about when pieces ship: the product page, the order builder, the BOM and the
 * search results all word the contract's shipPlan (availability.ts) here.
 */

/** How the shop writes a day: in lib/format (which the first download may read without zod). */
export { formatDay };

/** Today as the API counts days (UTC), `YYYY-MM-DD`: where lead times start. */
export const todayDay = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** "1,400 expected 12 Jan 2027", or "1,400 later (date not yet known)". */
export function laterText(later: ShipPlan['later'][number]): string {
  const count = formatCount(later.quantity);
  return later.expectedAt
    ? `${count} expected ${formatDay(later.expectedAt)}`
    : `${count} later (date not yet known)`;
}

/** "600 ship now · 1,400 expected 12 Jan 2027": the plan, now first, then by expected day. */
export function shipPlanText(plan: ShipPlan): string {
  const now = plan.now > 0 ? [`${formatCount(plan.now)} ${plan.now === 1 ? 'ships' : 'ship'} now`] : [];
  return [...now, ...plan.later.map(laterText)].join(' · ');
}

/** Whether `quantity` pieces of the part would wait for some: above its stock, and it may be backordered. */
export const waitsFor = (part: PartAvailability, quantity: number): boolean =>
  part.backorderable && quantity > Math.max(part.available_quantity, 0);

/**
 * What a line or a result says of `quantity` pieces when some of them would wait (waitsFor): what
 * ships now and when the rest is expected; undefined when all are in stock (or the part may not be
 * backordered: then the quantity is out of range, and that is what the buyer reads).
 */
export function availabilityNote(
  part: PartAvailability,
  quantity: number,
  today: string = todayDay(),
): string | undefined {
  return waitsFor(part, quantity) ? shipPlanText(shipPlan(part, quantity, today)) : undefined;
}

/** An incoming batch: "500 pcs expected 12 Jan 2027". */
export const incomingText = (batch: IncomingBatch): string =>
  `${formatCount(batch.quantity)} pcs expected ${formatDay(batch.expectedAt)}`;

/**
 * What a part with too little in stock tells of pieces to come: its batches (earliest first), else
 * its lead time for a backorderable part; undefined when it tells nothing.
 */
export function incomingNote(part: PartAvailability): string | undefined {
  const batches = [...part.incoming].sort((a, b) => a.expectedAt.localeCompare(b.expectedAt));
  if (batches.length > 0) return `Incoming: ${batches.map(incomingText).join(' · ')}`;
  if (part.backorderable && part.leadTimeDays !== undefined)
    return `Lead time ${formatCount(part.leadTimeDays)} ${part.leadTimeDays === 1 ? 'day' : 'days'}`;
  return undefined;
}
