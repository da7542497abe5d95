import { z } from 'zod';
import { Carrier, TrackingNumber } from './fulfilment.js';
import { MAX_QUANTITY } from './parts.js';
import { eachPartOnce, Id, wholeNumber } from './primitives.js';

/*
 * Availability a buyer can plan with (docs/api.md, "Availability"): a part's incoming batches,
 * lead time and whether it may be backordered; receipts; an order's shipments.
 */

/** The most incoming batches a part keeps, and the longest lead time. */
export const MAX_INCOMING_BATCHES = 20;
export const MAX_LEAD_TIME_DAYS = 365;
/** The most shipments one order is sent in. */
export const MAX_SHIPMENTS = 50;

/** A calendar day, `YYYY-MM-DD` (a date and time is read as its UTC day). */
export const Day = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'must be a date (YYYY-MM-DD)',
  })
  .transform((value) => (value.length === 10 ? value : new Date(value).toISOString().slice(0, 10)));

/** `PUT /api/parts/{id}/incoming` (admins): the batches replace the part's; left-out fields stay. */
export const IncomingBody = z.object({
  batches: z
    .array(z.object({ quantity: wholeNumber({ min: 1, max: MAX_QUANTITY }), expectedAt: Day }), {
      error: 'must be a list of batches',
    })
    .max(MAX_INCOMING_BATCHES, `must have at most ${MAX_INCOMING_BATCHES} batches`)
    .describe('the pieces on their way, in any order (kept by expected day)'),
  leadTimeDays: wholeNumber({ min: 0, max: MAX_LEAD_TIME_DAYS })
    .nullish()
    .describe('days from an order to pieces nobody expects yet; null: unknown; left out: unchanged'),
  backorderable: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .describe('whether an order may take more than is in stock; left out: unchanged'),
});
export type IncomingBody = z.output<typeof IncomingBody>;
export type IncomingInput = z.input<typeof IncomingBody>;

/** `POST /api/parts/{id}/receive` (admins): pieces that arrived. */
export const ReceiveBody = z.object({ quantity: wholeNumber({ min: 1, max: MAX_QUANTITY }) });
export type ReceiveBody = z.output<typeof ReceiveBody>;

export const Received = z.object({
  available_quantity: z.number().int().describe("the part's stock after the receipt"),
  allocated: z
    .array(z.object({ orderId: Id, quantity: z.number().int() }))
    .describe('the waiting orders the pieces went to, oldest first'),
});
export type Received = z.infer<typeof Received>;

export const SHIPMENT_STATUSES = ['shipped', 'delivered'] as const;

/** One parcel of an order: its lines, carrier and tracking number. */
export const Shipment = z.object({
  _id: Id,
  lines: z.array(z.object({ partsId: Id, quantity: z.number().int() })),
  carrier: z.string(),
  trackingNumber: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  shippedAt: z.string(),
  deliveredAt: z.string().optional(),
});
export type Shipment = z.infer<typeof Shipment>;

/** `POST /api/purchaseById/{id}/shipments` (admins): pieces allocated and not yet shipped. */
export const ShipmentBody = z.object({
  lines: z
    .array(z.object({ partsId: Id, quantity: wholeNumber({ min: 1, max: MAX_QUANTITY }) }), {
      error: 'must be a list of lines',
    })
    .min(1, 'must have at least one line')
    .max(100, 'must have at most 100 lines')
    .superRefine(eachPartOnce),
  carrier: Carrier,
  trackingNumber: TrackingNumber,
});
export type ShipmentBody = z.output<typeof ShipmentBody>;
export type ShipmentInput = z.input<typeof ShipmentBody>;

/** `PUT /api/purchaseById/{id}/shipments/{shipmentId}` (admins). */
export const ShipmentChangeBody = z.object({
  status: z.enum(['delivered'], { error: 'must be delivered' }),
});

export const ShipmentParams = z.object({ id: Id, shipmentId: Id });
export const PartIdParams = z.object({ id: Id });
export const OrderLineParams = z.object({ id: Id, partsId: Id });

/** What 409s of shipping and dropping answer. */
export const NOT_ALLOCATED_MESSAGE = 'Only pieces that are allocated and not yet shipped can be shipped';
export const SHIP_COMPLETE_MESSAGE =
  'This order ships complete: ship every piece at once, when none is waiting';
export const NOTHING_WAITING_MESSAGE = 'This line has no waiting pieces to drop';

// The ship plan, without zod (the storefront's product and catalog pages compute it): ship-plan.ts.
export { dayAfter, lastExpected, type PartAvailability, type ShipPlan, shipPlan } from './ship-plan.js';
