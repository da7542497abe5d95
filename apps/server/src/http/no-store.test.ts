import { describe, expect } from 'vitest';
import { bearer, type TestAccount } from '../test-support/accounts.js';
import { test as base } from '../test-support/fixture.js';
import { insertPart } from '../test-support/parts.js';

/** The buyer's order of 10 soldering tips. */
const test = base.extend('orderId', { scope: 'file' }, async ({ shop, as, buyer }) => {
  const part = await insertPart(shop.database.db, { name: 'Soldering tip' });
  const order = await as(buyer).post('/api/purchase', {
    partsId: part,
    quantity: 10,
    mobile: '+880 1712 345678',
    address: 'Dhaka',
  });
  return order.json().insertedId as string;
});

describe('signed-in API calls are kept by no cache', () => {
  test('answers every call carrying a token with cache-control: no-store, errors included', async ({
    as,
    admin,
    buyer,
    orderId,
  }) => {
    const calls: { url: string; method?: 'GET' | 'PUT' | 'POST'; who: TestAccount; status: number }[] = [
      { url: `/api/usersByEmail?email=${encodeURIComponent(buyer.email)}`, who: buyer, status: 200 },
      { url: '/api/purchase', who: admin, status: 200 },
      { url: `/api/purchaseById/${orderId}`, who: buyer, status: 200 },
      { url: `/api/purchaseByEmail?email=${encodeURIComponent(buyer.email)}`, who: buyer, status: 200 },
      { url: `/api/checkAdmin/${encodeURIComponent(buyer.email)}`, who: buyer, status: 200 },
      // Errors: another's data, a role missing, a malformed id, an unknown route.
      { url: `/api/usersByEmail?email=${encodeURIComponent(admin.email)}`, who: buyer, status: 403 },
      { url: '/api/purchase', who: buyer, status: 403 },
      { url: '/api/purchaseById/0190aaaa-0000-7000-8000-000000000000', who: buyer, status: 404 },
      { url: '/api/purchase?limit=-1', who: admin, status: 400 },
      { url: '/api/no-such-call', who: buyer, status: 404 },
      { url: '/api/usersByEmail?email=x', method: 'PUT', who: buyer, status: 400 },
      // The public reads too, when a token comes with them.
      { url: '/api/parts', who: buyer, status: 200 },
    ];
    for (const call of calls) {
      const res = await as(call.who).send(call.method ?? 'GET', call.url);
      expect(res.statusCode, call.url).toBe(call.status);
      expect(res.headers['cache-control'], call.url).toBe('no-store');
      if (call.status >= 400) expect(res.json().error.code, call.url).toBeTypeOf('string');
    }
    const forged = await as({ accessToken: 'not-a-token' }).get('/api/purchase');
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['cache-control']).toBe('no-store');
  });

  test('answers the sign-in calls, which carry tokens, with no-store too', async ({ as, buyer }) => {
    const login = await as(null).post('/api/auth/login', { email: buyer.email, password: buyer.password });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await as(null).post('/api/auth/refresh', { refreshToken: 'not-a-token' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  test('leaves public reads and pages as they were', async ({ as }) => {
    const parts = await as(null).get('/api/parts');
    expect(parts.statusCode).toBe(200);
    expect(parts.headers['cache-control']).toBeUndefined();
  });

  test('answers a public read with a token through the API, not from the kept answer, on a listening server', async ({
    shop,
    buyer,
    orderId,
  }) => {
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // The first read keeps its answer; the second comes from it, before routing.
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${address}/api/parts`);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBeNull();
      }
      const signedIn = await fetch(`${address}/api/parts`, { headers: bearer(buyer) });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get('cache-control')).toBe('no-store');
      const mine = await fetch(`${address}/api/purchaseById/${orderId}`, { headers: bearer(buyer) });
      expect(mine.status).toBe(200);
      expect(mine.headers.get('cache-control')).toBe('no-store');
    } finally {
      await shop.app.server.close();
    }
  });
});
