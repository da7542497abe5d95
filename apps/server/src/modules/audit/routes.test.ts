import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { test } from '../../test-support/fixture.js';

describe('the audit log', () => {
  test('records every admin action and every payment, newest first, with before and after', async ({
    as,
    admin,
    buyer,
  }) => {
    const part = {
      name: 'Audit part',
      desc: 'D',
      img: 'https://example.com/p.webp',
      min_order_quantity: 1,
      available_quantity: 50,
      price_per_piece: 4,
    };
    const partId = (await as(admin).post('/api/parts', part)).json().insertedId;
    await as(admin).put(`/api/partsById?id=${partId}`, { ...part, price_per_piece: 6 });
    const order = async () =>
      (
        await as(buyer).post('/api/purchase', {
          partsId: partId,
          quantity: 2,
          mobile: '+880 1712 345678',
          address: 'Dhaka',
        })
      ).json().insertedId as string;
    const deleted = await order();
    await as(admin).delete(`/api/purchaseById/${deleted}`);
    const cancelledByBuyer = await order();
    await as(buyer).delete(`/api/purchaseById/${cancelledByBuyer}`);
    const paid = await order();
    const { clientSecret } = (await as(buyer).post('/api/create-payment-intent', { _id: paid })).json();
    const confirmed = await as(buyer).post('/api/payments/test/confirm', {
      clientSecret,
      card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
    });
    const paymentId = confirmed.json().paymentIntent.id;
    await as(admin).put(`/api/usersById?id=${buyer.uid}`);
    await as(admin).delete(`/api/partsById?id=${partId}`);

    const res = await as(admin).get('/api/audit');
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
      'order.cancelled',
      'part.edited',
      'part.created',
    ]);
    const [partDeleted, madeAdmin, orderPaid, orderCancelled, partEdited, partCreated] = entries;
    expect(partCreated).toMatchObject({
      actor: admin.email,
      subjectId: partId,
      after: { name: 'Audit part', price_per_piece: 4 },
    });
    expect(partEdited).toMatchObject({ before: { price_per_piece: 4 }, after: { price_per_piece: 6 } });
    // The admin's Delete cancels the order (it stays, marked cancelled): before, and when.
    expect(orderCancelled).toMatchObject({
      actor: admin.email,
      subjectId: deleted,
      before: { quantity: 2, price: 12 },
      after: { cancelledAt: expect.any(String) },
    });
    expect(orderCancelled?.before).not.toHaveProperty('status');
    expect(orderPaid).toMatchObject({ actor: buyer.email, subjectId: paid, after: { paymentId } });
    expect(madeAdmin).toMatchObject({
      subjectId: buyer.uid,
      before: { role: 'user' },
      after: { role: 'admin' },
    });
    expect(partDeleted).toMatchObject({ before: { name: 'Audit part', price_per_piece: 6 } });
    expect(res.headers['x-total-count']).toBe('6');
  });

  test('is read by admins only, and nothing changes or removes an entry', async ({ shop, as, admin }) => {
    const someone = await signUp(shop.app);
    expect((await as(someone).get('/api/audit')).statusCode).toBe(403);
    expect((await as(null).get('/api/audit')).statusCode).toBe(401);
    for (const method of ['post', 'put', 'delete'] as const) {
      expect((await as(admin)[method]('/api/audit', {})).statusCode).toBe(404);
    }
  });
});
