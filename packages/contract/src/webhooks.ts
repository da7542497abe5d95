import { z } from 'zod';
import { Id } from './primitives.js';

/*
 * Webhooks (`/api/webhooks`): docs/api.md, "Webhooks". A subscription hears the events about what
 * its owner may read, each POSTed to its URL and signed with its secret.
 */

export const WEBHOOK_EVENTS = [
  'order.created',
  'order.approval_pending',
  'order.paid',
  'order.shipped',
  'order.delivered',
  'quote.offered',
  'backorder.ready',
] as const;
export const WebhookEvent = z.enum(WEBHOOK_EVENTS, {
  message: `must be one of ${WEBHOOK_EVENTS.join(', ')}`,
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** The most subscriptions one account holds, and the longest URL. */
export const MAX_WEBHOOKS = 10;
export const MAX_WEBHOOK_URL_LENGTH = 2000;
export const TOO_MANY_WEBHOOKS_MESSAGE = `You hold ${MAX_WEBHOOKS} webhooks, the most one account may hold: delete one first`;

export const NewWebhookBody = z.strictObject({
  url: z
    .string()
    .max(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`)
    .pipe(z.url({ message: 'must be a URL such as https://erp.example.com/shop-events' })),
  events: z
    .array(WebhookEvent)
    .min(1, 'must name at least one event')
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, 'must name each event once'),
});
export type NewWebhookBody = z.infer<typeof NewWebhookBody>;

/** The answer to `POST`: the signing secret, shown this once. */
export const CreatedWebhook = z.object({ _id: Id, secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const Webhook = z.object({
  _id: Id,
  url: z.string(),
  events: z.array(WebhookEvent),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;
export const WebhookList = z.array(Webhook);

export const WebhookAttempt = z.object({
  at: z.string(),
  /** The receiver's HTTP status; absent when no answer came (refused address, timeout, network). */
  status: z.number().int().optional(),
  error: z.string().optional(),
});

export const WebhookDelivery = z.object({
  _id: Id,
  eventId: Id,
  type: WebhookEvent,
  createdAt: z.string(),
  /** pending: another attempt is due at `nextAttemptAt`; delivered: a 2xx came; failed: given up after 24 hours. */
  status: z.enum(['pending', 'delivered', 'failed']),
  nextAttemptAt: z.string().optional(),
  attempts: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** Deliveries newest first; `before` (a delivery's id) pages on to older ones. */
export const WebhookDeliveriesQuery = z.object({
  limit: z.coerce
    .number({ message: 'must be a whole number from 1 to 50' })
    .int('must be a whole number from 1 to 50')
    .min(1, 'must be at least 1')
    .max(50, 'must be at most 50')
    .default(20),
  before: Id.optional(),
});
export const WebhookDeliveryList = z.object({
  items: z.array(WebhookDelivery),
  /** The id to pass as `before` for the next page; absent on the last page. */
  next: Id.optional(),
});
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

export const WebhookIdParams = z.object({ id: Id });
export const WebhookDeliveryParams = z.object({ id: Id, deliveryId: Id });
