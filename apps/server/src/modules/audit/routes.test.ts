import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../../test-support/accounts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

let shop: TestShop;
let admin: TestAccount;
let buyer: TestAccount;
beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  admin = await signUpAdmin(shop.app, shop.database.db);
  buyer = await signUp(shop.app);
});
afterAll(async () => {
  await shop.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: TestAccount | null,
  payload?: object,
) => shop.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

describe('the audit log', () => {
  it('records every admin action and every payment, newest first, with before and after', async () => {
    const part = {
      name: 'Audit part',
      desc: 'D',
      img: 'https://example.com/p.webp',
      min_order_quantity: 1,
      available_quantity: 50,
      price_per_piece: 4,
    };
    const partId = (await call('POST', '/api/parts', admin, part)).json().insertedId;
    await call('PUT', `/api/partsById?id=${partId}`, admin, { ...part, price_per_piece: 6 });
    const order = async () =>
      (
        await call('POST', '/api/purchase', buyer, {
          partsId: partId,
          quantity: 2,
          mobile: '+880 1712 345678',
          address: 'Dhaka',
        })
      ).json().insertedId as string;
    const deleted = await order();
    await call('DELETE', `/api/purchaseById/${deleted}`, admin);
    const cancelledByBuyer = await order();
    await call('DELETE', `/api/purchaseById/${cancelledByBuyer}`, buyer);
    const paid = await order();
    const { clientSecret } = (await call('POST', '/api/create-payment-intent', buyer, { _id: paid })).json();
    const confirmed = await call('POST', '/api/payments/test/confirm', buyer, {
      clientSecret,
      card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
    });
    const paymentId = confirmed.json().paymentIntent.id;
    await call('PUT', `/api/usersById?id=${buyer.uid}`, admin);
    await call('DELETE', `/api/partsById?id=${partId}`, admin);

    const res = await call('GET', '/api/audit', admin);
    expect(res.statusCode).toBe(200);
    const entries = res.json() as {
      actor: string;
      action: string;
      subjectId: string;
      before?: unknown;
      after?: unknown;
    }[];
    expect(entries.map((e) => e.action)).toEqual([
      'part.deleted',
      'user.made_admin',
      'order.paid',
      'order.deleted',
      'part.edited',
      'part.created',
    ]);
    const [partDeleted, madeAdmin, orderPaid, orderDeleted, partEdited, partCreated] = entries;
    expect(partCreated).toMatchObject({
      actor: admin.email,
      subjectId: partId,
      after: { name: 'Audit part', price_per_piece: 4 },
    });
    expect(partEdited).toMatchObject({ before: { price_per_piece: 4 }, after: { price_per_piece: 6 } });
    expect(orderDeleted).toMatchObject({
      actor: admin.email,
      subjectId: deleted,
      before: { quantity: 2, price: 12 },
    });
    expect(orderPaid).toMatchObject({ actor: buyer.email, subjectId: paid, after: { paymentId } });
    expect(madeAdmin).toMatchObject({
      subjectId: buyer.uid,
      before: { role: 'user' },
      after: { role: 'admin' },
    });
    expect(partDeleted).toMatchObject({ before: { name: 'Audit part', price_per_piece: 6 } });
    expect(res.headers['x-total-count']).toBe('6');
  });

  it('is read by admins only, and nothing changes or removes an entry', async () => {
    const someone = await signUp(shop.app);
    expect((await call('GET', '/api/audit', someone)).statusCode).toBe(403);
    expect((await call('GET', '/api/audit', null)).statusCode).toBe(401);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expect((await call(method, '/api/audit', admin, {})).statusCode).toBe(404);
    }
  });
});
