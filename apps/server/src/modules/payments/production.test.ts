import { randomBytes } from 'node:crypto';
import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '@shop/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from '../../test-support/accounts.js';
import { insertPart } from '../../test-support/parts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

/** A shop started with NODE_ENV=production, its log lines kept. */
async function productionShop(env: Record<string, string> = {}) {
  const lines: { level: number; msg: string }[] = [];
  const shop = await createTestShop({
    demo: false,
    // Production on PostgreSQL requires the shared key.
    env: {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...env,
    },
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
  const warnings = () => lines.filter((line) => line.level === 40).map((line) => line.msg);
  return { shop, warnings };
}

async function placeOrder(shop: TestShop, buyer: TestAccount): Promise<string> {
  const partsId = await insertPart(shop.database.db, { name: 'Hot-air nozzle', min_order_quantity: 1 });
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(buyer),
    payload: { partsId, quantity: 2, mobile: '+880 1712 345678', address: 'Dhaka' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().insertedId;
}

describe('production with no card provider configured', () => {
  let shop: TestShop;
  let warnings: () => string[];
  let buyer: TestAccount;
  beforeAll(async () => {
    ({ shop, warnings } = await productionShop());
    buyer = await signUp(shop.app);
  });
  afterAll(async () => {
    await shop.close();
  });

  it('says so at start', () => {
    expect(warnings().some((msg) => /no card payment provider is configured/.test(msg))).toBe(true);
  });

  it('tells the payment page, which shows no card form', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ provider: 'none', testMode: false });
  });

  it('still takes orders and cancels them, and refuses every card payment with 503 payments_not_configured', async () => {
    const orderId = await placeOrder(shop, buyer);
    const refusals = [
      { method: 'POST' as const, url: '/api/create-payment-intent', payload: { _id: orderId } },
      {
        method: 'POST' as const,
        url: '/api/payments/test/confirm',
        payload: {
          clientSecret: 'pi_test_x_secret_y',
          card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
        },
      },
      { method: 'PUT' as const, url: `/api/purchaseById/${orderId}`, payload: { paymentId: 'pi_test_x' } },
    ];
    for (const call of refusals) {
      const res = await shop.app.inject({ ...call, headers: bearer(buyer) });
      expect(res.statusCode, call.url).toBe(503);
      expect(res.json(), call.url).toEqual({
        error: { code: 'payments_not_configured', message: PAYMENTS_NOT_CONFIGURED_MESSAGE },
      });
    }
    // Signed out, the guard answers first.
    expect(
      (
        await shop.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: { _id: orderId },
        })
      ).statusCode,
    ).toBe(401);
    // No event is signed for a shop without a provider.
    const webhook = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    });
    expect(webhook.statusCode).toBe(400);
    const order = await shop.app.inject({
      method: 'GET',
      url: `/api/purchaseById/${orderId}`,
      headers: bearer(buyer),
    });
    expect(order.json().paymentId).toBeUndefined();
    const cancel = await shop.app.inject({
      method: 'DELETE',
      url: `/api/purchaseById/${orderId}`,
      headers: bearer(buyer),
    });
    expect(cancel.statusCode).toBe(200);
  });

  it('documents the refusal and the mode in /api/docs', async () => {
    const doc = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/create-payment-intent'].post.responses['503']).toBeDefined();
    const config = doc.paths['/api/payments/config'].get.responses['200'].content['application/json'].schema;
    expect(config.properties.provider.enum).toEqual(['test', 'stripe', 'none']);
    expect(config.properties.testMode.type).toBe('boolean');
  });
});

describe('production with PAYMENT_PROVIDER=test set explicitly', () => {
  let shop: TestShop;
  let warnings: () => string[];
  beforeAll(async () => {
    ({ shop, warnings } = await productionShop({ PAYMENT_PROVIDER: 'test' }));
  });
  afterAll(async () => {
    await shop.close();
  });

  it('warns at start, tells the page it is in test mode, and takes test cards', async () => {
    expect(warnings().some((msg) => /PAYMENT_PROVIDER=test in production/.test(msg))).toBe(true);
    expect((await shop.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({
      provider: 'test',
      testMode: true,
    });
    const buyer = await signUp(shop.app);
    const orderId = await placeOrder(shop, buyer);
    const secret = await shop.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(buyer),
      payload: { _id: orderId },
    });
    expect(secret.statusCode).toBe(200);
    const paid = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: bearer(buyer),
      payload: {
        clientSecret: secret.json().clientSecret,
        card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
      },
    });
    expect(paid.json().paymentIntent.status).toBe('succeeded');
  });
});

describe('development', () => {
  it('takes test cards as before, without a warning', async () => {
    const lines: string[] = [];
    const shop = await createTestShop({
      demo: false,
      env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      expect((await shop.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({
        provider: 'test',
        testMode: true,
      });
      expect(lines.filter((line) => /PAYMENT_PROVIDER|card payment provider/.test(line))).toEqual([]);
    } finally {
      await shop.close();
    }
  });
});
