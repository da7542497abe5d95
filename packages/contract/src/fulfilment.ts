import { z } from 'zod';
import { CONTROL_CHARACTERS, NOT_ONE_LINE, NOT_ONE_LINE_MESSAGE } from './primitives.js';

/** The longest carrier name and tracking number the shop keeps. */
export const MAX_CARRIER = 100;
export const MAX_TRACKING_NUMBER = 100;

/**
 * One line of text, trimmed, 1–`max` characters, without control characters. A JSON number is read
 * as its digits, but only a whole number that JavaScript holds exactly (a tracking number's digits
 * must never be rounded).
 */
function oneLine(max: number) {
  return z
    .union([z.string(), z.number().refine((n) => Number.isSafeInteger(n) && n >= 0, 'must be text')], {
      error: 'must be text',
    })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, 'is required')
        .max(max, `must be at most ${max} characters`)
        .refine((value) => !CONTROL_CHARACTERS.test(value), 'must not contain control characters')
        .refine((value) => !NOT_ONE_LINE.test(value), NOT_ONE_LINE_MESSAGE),
    );
}

/** A shipment's carrier and tracking number, as the ship form checks them too. */
export const Carrier = oneLine(MAX_CARRIER);
export const TrackingNumber = oneLine(MAX_TRACKING_NUMBER);

/** What the admin may change an order's fulfilment to (it starts unfulfilled). */
export const FULFILMENT_CHANGES = ['shipped', 'delivered'] as const;

/**
 * `PUT /api/purchaseById/{id}/fulfilment` (admins): shipped (with its carrier and tracking number)
 * once paid or invoiced, then delivered once shipped. Shipping without a carrier or a tracking
 * number → 400 naming the field; with `delivered` they may be left out (the shipment's stay).
 */
export const FulfilmentBody = z
  .object({
    status: z.enum(FULFILMENT_CHANGES, { error: 'must be shipped or delivered' }),
    carrier: Carrier.optional().describe('who carries the shipment (required to ship)'),
    trackingNumber: TrackingNumber.optional().describe("the carrier's tracking number (required to ship)"),
  })
  .superRefine((body, ctx) => {
    if (body.status !== 'shipped') return;
    for (const field of ['carrier', 'trackingNumber'] as const)
      if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'is required' });
  });
export type FulfilmentBody = z.output<typeof FulfilmentBody>;
export type FulfilmentInput = z.input<typeof FulfilmentBody>;

/** The messages of the 409s, shown to the admin as they are. */
export const NOT_SHIPPABLE_MESSAGE = 'Only a paid or invoiced order can be shipped: this one is not paid yet';
export const ALREADY_SHIPPED_MESSAGE = 'This order has already shipped';
export const NOT_SHIPPED_MESSAGE = 'This order has not shipped yet: mark it shipped first';
export const ALREADY_DELIVERED_MESSAGE = 'This order is already delivered';
export const SHIPPED_NOT_CANCELLABLE_MESSAGE = 'A shipped order cannot be cancelled';
