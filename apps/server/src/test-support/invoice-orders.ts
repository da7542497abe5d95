import type { FastifyInstance } from 'fastify';
import { bearer, type TestAccount } from './accounts.js';

/** A part of the admin's, and an order of it by the buyer; answers the order's id. */
export async function placeOrder(
  app: FastifyInstance,
  who: { admin: TestAccount; buyer: TestAccount },
  order: { partName?: string; price?: number; quantity?: number; address?: string } = {},
): Promise<string> {
  const part = await app.inject({
    method: 'POST',
    url: '/api/parts',
    headers: bearer(who.admin),
    payload: {
      name: order.partName ?? 'Crimping Tool for Dupont Connectors',
      desc: 'For the invoice tests',
      img: 'https://example.com/p.webp',
      min_order_quantity: 1,
      available_quantity: 100_000,
      price_per_piece: order.price ?? 9,
    },
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(who.buyer),
    payload: {
      partsId: part.json().insertedId,
      quantity: order.quantity ?? 20,
      mobile: '+880 1819 000111',
      address: order.address ?? 'Plot 7, CEPZ, Chattogram',
    },
  });
  if (res.statusCode !== 201) throw new Error(`purchase failed: ${res.statusCode} ${res.body}`);
  return res.json().insertedId;
}

/** The buyer's client secret for paying the order with the test provider. */
export async function clientSecretFor(app: FastifyInstance, buyer: TestAccount, orderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(buyer),
    payload: { _id: orderId },
  });
  if (res.statusCode !== 200) throw new Error(`payment intent failed: ${res.statusCode} ${res.body}`);
  return res.json().clientSecret as string;
}

/** Confirms the test card 4242 4242 4242 4242 for the secret: the order is paid at once. */
export function confirmCard(app: FastifyInstance, buyer: TestAccount, clientSecret: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    headers: bearer(buyer),
    payload: { clientSecret, card: { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' } },
  });
}

/** Places an order and pays it with the test card; answers the order's id and payment id. */
export async function paidOrder(
  app: FastifyInstance,
  who: { admin: TestAccount; buyer: TestAccount },
  order: Parameters<typeof placeOrder>[2] = {},
): Promise<{ orderId: string; paymentId: string }> {
  const orderId = await placeOrder(app, who, order);
  const res = await confirmCard(app, who.buyer, await clientSecretFor(app, who.buyer, orderId));
  if (res.statusCode !== 200) throw new Error(`payment failed: ${res.statusCode} ${res.body}`);
  return { orderId, paymentId: res.json().paymentIntent.id };
}
