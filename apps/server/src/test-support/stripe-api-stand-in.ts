/**
 * A local stand-in for Stripe's REST API (payment intents and signed webhook events), so the
 * official `stripe` SDK can be tested without reaching Stripe: point the SDK at it with its
 * `host`, `port` and `protocol` options. It answers in Stripe's wire format (form-encoded
 * requests, JSON objects and errors, idempotency keys).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  latest_charge: string | null;
  last_payment_error: Record<string, unknown> | null;
}

export interface StripeStandIn {
  host: string;
  port: number;
  protocol: 'http';
  secretKey: string;
  webhookSecret: string;
  intents: Map<string, StandInIntent>;
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** Moves an intent, as a buyer's card or Stripe itself would. */
  setStatus(id: string, status: string): StandInIntent;
  /** A signed event as Stripe would deliver it to the webhook (timestamp in seconds, default now). */
  eventFor(
    type: string,
    intent: StandInIntent,
    timestamp?: number,
  ): { id: string; payload: string; header: string };
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `metadata[order_id]=x&a[b]=y` → `{metadata: {order_id: 'x'}, a: {b: 'y'}}`. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [head = '', ...rest] = key.replace(/\]/g, '').split('[');
    if (rest.length === 0) out[head] = value;
    else {
      out[head] ??= {};
      const inner = out[head] as Record<string, unknown>;
      inner[rest.join('.')] = value;
    }
  }
  return out;
}

export async function startStripeStandIn(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const intents = new Map<string, StandInIntent>();
  const replays = new Map<string, { body: string; intent: StandInIntent }>();
  const requests: StripeStandIn['requests'] = [];

  const send = (
    res: http.ServerResponse,
    status: number,
    json: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': token('req'), ...headers });
    res.end(JSON.stringify(json));
  };
  const fail = (res: http.ServerResponse, status: number, error: Record<string, unknown>) =>
    send(res, status, { error });

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push({ method: req.method ?? '', path, idempotencyKey });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return fail(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
      }
      const form = parseForm(body);
      const match = /^\/v1\/payment_intents(?:\/(pi_\w+))?(?:\/(confirm|cancel))?$/.exec(path);
      if (!match)
        return fail(res, 404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${path})`,
        });
      const [, id, action] = match;

      if (!id && req.method === 'POST') {
        if (idempotencyKey && replays.has(idempotencyKey)) {
          const replay = replays.get(idempotencyKey);
          if (replay?.body !== body) {
            return fail(res, 400, {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            });
          }
          return send(res, 200, intents.get(replay.intent.id), { 'idempotent-replayed': 'true' });
        }
        const amount = Number(form.amount);
        if (!Number.isInteger(amount) || amount < 50) {
          return fail(res, 400, {
            type: 'invalid_request_error',
            code: 'amount_too_small',
            param: 'amount',
            message: 'Amount must be at least $0.50 usd',
          });
        }
        const intentId = token('pi');
        const intent: StandInIntent = {
          id: intentId,
          object: 'payment_intent',
          amount,
          currency: String(form.currency ?? 'usd'),
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
          metadata: (form.metadata as Record<string, string>) ?? {},
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          latest_charge: null,
          last_payment_error: null,
        };
        intents.set(intentId, intent);
        if (idempotencyKey) replays.set(idempotencyKey, { body, intent });
        return send(res, 200, intent);
      }

      const intent = id ? intents.get(id) : undefined;
      if (!intent) {
        return fail(res, 404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'intent',
          message: `No such payment_intent: '${id}'`,
        });
      }
      if (!action && req.method === 'GET') return send(res, 200, intent);
      if (action === 'confirm' && req.method === 'POST') {
        const method = String(form.payment_method ?? '');
        if (method === 'pm_card_visa') {
          Object.assign(intent, {
            status: 'succeeded',
            latest_charge: token('ch'),
            last_payment_error: null,
          });
          return send(res, 200, intent);
        }
        const declined = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        };
        Object.assign(intent, { status: 'requires_payment_method', last_payment_error: declined });
        return fail(res, 402, { ...declined, payment_intent: intent });
      }
      if (action === 'cancel' && req.method === 'POST') {
        if (intent.status === 'succeeded') {
          return fail(res, 400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'This PaymentIntent has already succeeded.',
          });
        }
        intent.status = 'canceled';
        return send(res, 200, intent);
      }
      return fail(res, 404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method} ${path})`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stripe = new Stripe(secretKey);

  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    protocol: 'http',
    secretKey,
    webhookSecret,
    intents,
    requests,
    setStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`No intent ${id}`);
      intent.status = status;
      if (status === 'succeeded') intent.latest_charge ??= token('ch');
      return intent;
    },
    eventFor(type, intent, timestamp) {
      const id = token('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: '2025-10-29.clover',
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...intent } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      const header = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
        ...(timestamp ? { timestamp } : {}),
      });
      return { id, payload, header };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
