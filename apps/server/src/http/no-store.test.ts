import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../test-support/accounts.js';
import { insertPart } from '../test-support/parts.js';
import { createTestShop, type TestShop } from '../test-support/test-app.js';

let shop: TestShop;
let admin: TestAccount;
let buyer: TestAccount;
let orderId: string;

beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  admin = await signUpAdmin(shop.app, shop.database.db);
  buyer = await signUp(shop.app);
  const part = await insertPart(shop.database.db, { name: 'Soldering tip' });
  const order = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(buyer),
    payload: { partsId: part, quantity: 10, mobile: '+880 1712 345678', address: 'Dhaka' },
  });
  orderId = order.json().insertedId;
});
afterAll(async () => {
  await shop.close();
});

describe('signed-in API calls are kept by no cache', () => {
  it('answers every call carrying a token with cache-control: no-store, errors included', async () => {
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
      const res = await shop.app.inject({
        method: call.method ?? 'GET',
        url: call.url,
        headers: bearer(call.who),
      });
      expect(res.statusCode, call.url).toBe(call.status);
      expect(res.headers['cache-control'], call.url).toBe('no-store');
      if (call.status >= 400) expect(res.json().error.code, call.url).toBeTypeOf('string');
    }
    const forged = await shop.app.inject({
      method: 'GET',
      url: '/api/purchase',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['cache-control']).toBe('no-store');
  });

  it('answers the sign-in calls, which carry tokens, with no-store too', async () => {
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: buyer.email, password: buyer.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: 'not-a-token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves public reads and pages as they were', async () => {
    const parts = await shop.app.inject({ method: 'GET', url: '/api/parts' });
    expect(parts.statusCode).toBe(200);
    expect(parts.headers['cache-control']).toBeUndefined();
  });

  it('answers a public read with a token through the API, not from the kept answer, on a listening server', async () => {
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
