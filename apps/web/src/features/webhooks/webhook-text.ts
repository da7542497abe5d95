import type { WebhookDelivery, WebhookEvent } from '@shop/contract/webhooks';
import { formatDay } from '../../lib/availability';

/** What each event tells the receiver, as the page explains it. */
export const EVENT_TEXT: Record<WebhookEvent, string> = {
  'order.created': 'An order is placed',
  'order.approval_pending': 'An order waits for a company admin’s approval',
  'order.paid': 'An order is paid',
  'order.shipped': 'A shipment of an order leaves',
  'order.delivered': 'An order is delivered',
  'quote.offered': 'A quote gets an offer',
  'backorder.ready': 'Backordered pieces are ready',
};

/** A moment as the dashboard's tables show it: the day and the minute (UTC). */
export const atMinute = (at: string): string => `${formatDay(at)}, ${at.slice(11, 16)} UTC`;

/** One attempt's outcome: the receiver's HTTP status, or why no answer came. */
export function attemptOutcome(attempt: { status?: number | undefined; error?: string | undefined }): string {
  const parts = [attempt.status === undefined ? undefined : `HTTP ${attempt.status}`, attempt.error].filter(
    (part): part is string => Boolean(part),
  );
  return parts.length > 0 ? parts.join(': ') : 'No answer';
}

export const DELIVERY_STATUS_TEXT: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Given up',
};

export const DELIVERY_STATUS_BADGE: Record<WebhookDelivery['status'], string> = {
  pending: 'badge-warning',
  delivered: 'badge-success',
  failed: 'badge-error',
};

/** When a delivery is tried next: a pending one's next attempt, otherwise none. */
export function nextAttempt(delivery: Pick<WebhookDelivery, 'status' | 'nextAttemptAt'>): string {
  if (delivery.status !== 'pending') return '—';
  return delivery.nextAttemptAt ? atMinute(delivery.nextAttemptAt) : 'Soon';
}

/**
 * How a receiver checks a delivery, in Node: the signature header is `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>">`, made with the subscription's secret.
 */
export const VERIFY_EXAMPLE = `const [, t, v1] = header.match(/^t=(\\d+),v1=([0-9a-f]+)$/) ?? [];
const expected = crypto.createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
const ok = v1?.length === expected.length && crypto.timingSafeEqual(Buffer.from(v1), Buffer.from(expected))
  && Math.abs(Date.now() / 1000 - Number(t)) < 300;`;
