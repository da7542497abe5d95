import { z } from 'zod';
import { text } from './primitives.js';

/**
 * `PUT /api/purchaseById/{id}/fulfilment` (admins): shipped (with its carrier and tracking number)
 * once paid or invoiced, then delivered once shipped.
 */
export const FulfilmentBody = z.object({
  status: z.enum(['shipped', 'delivered'], { error: 'must be shipped or delivered' }),
  carrier: text({ min: 1, max: 100 }).optional(),
  trackingNumber: text({ min: 1, max: 100 }).optional(),
});
export type FulfilmentBody = z.output<typeof FulfilmentBody>;
export type FulfilmentInput = z.input<typeof FulfilmentBody>;
