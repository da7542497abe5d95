import { ORDER_CANCELLED_MESSAGE } from '@shop/contract/orders';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { companyWithMembers } from '../../test-support/companies.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { clientSecretFor } from '../../test-support/invoice-orders.js';
import { keptAndRecounted } from '../../test-support/order-totals.js';
import { cancelOrder, purchase, purchased, readOrder } from '../../test-support/orders.js';
import { insertPart, stockOf } from '../../test-support/parts.js';

/*
 * A cancelled order stays, marked cancelled, for its buyer to read; every list, count and total
 * leaves it out unless its caller asks for the cancelled orders (docs/api.md, cancelled orders).
 */

shopTest.override('shopOptions', {
  demo: false,
  env: {
    UNPAID_ORDERS_PER_BUYER: '2',
    // The race below confirms one card many times over, from one account and one address.
    RATE_LIMIT_PAYMENTS_PER_ACCOUNT: '10000',
    RATE_LIMIT_PAYMENTS_PER_IP: '10000',
  },
});

const GOOD_CARD = { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' };

const test = shopTest.extend('partsId', { scope: 'file' }, ({ shop }) =>
  insertPart(shop.database.db, {
    name: 'Hot Air Nozzle 8 mm',
    price_per_piece: 5,
    available_quantity: 100_000,
    min_order_quantity: 1,
  }),
);

/** A list's answer: its orders' ids, in order, and its x-total-count. */
function listed(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return {
    ids: (res.json() as { _id: string }[]).map((order) => order._id),
    total: Number(res.headers['x-total-count']),
  };
}

describe('a cancelled order', () => {
  test('stays readable by its buyer and the admin, marked cancelled with when; nobody else reads it', async ({
    shop,
    as,
    admin,
    partsId,
  }) => {
    const buyer = await signUp(shop.app);
    const other = await signUp(shop.app);
    const id = await purchased(as(buyer), partsId, 30);
    const before = await readOrder(as(buyer), id);
    expect(before.status).toBeUndefined();
    expect(before.cancelledAt).toBeUndefined();
    const stock = await stockOf(shop.database.db, partsId);

    const started = new Date().toISOString();
    expect((await cancelOrder(as(buyer), id)).json()).toEqual({ acknowledged: true });
    expect(await stockOf(shop.database.db, partsId)).toBe(stock + 30);

    const res = await as(buyer).get(`/api/purchaseById/${id}`);
    expect(res.statusCode).toBe(200);
    const after = res.json();
    // Every field as it was, and the two that say it is cancelled.
    // Its lines hold nothing any more: their pieces went back.
    const emptied = before.lines.map((line: object) => ({ ...line, allocated: 0 }));
    expect(after).toEqual({
      ...before,
      lines: emptied,
      status: 'cancelled',
      cancelledAt: expect.any(String),
    });
    expect(after.cancelledAt >= started).toBe(true);
    expect((await as(admin).get(`/api/purchaseById/${id}`)).json()).toEqual(after);

    expect((await as(other).get(`/api/purchaseById/${id}`)).statusCode).toBe(403);
    expect((await as(null).get(`/api/purchaseById/${id}`)).statusCode).toBe(401);
    const theirs = await as(other).get(`/api/purchaseByEmail?email=${buyer.email}&status=cancelled`);
    expect(theirs.statusCode).toBe(403);
  });

  test('leaves the lists, which show it only when asked for the cancelled orders, paged', async ({
    shop,
    as,
    admin,
    partsId,
  }) => {
    const buyer = await signUp(shop.app, { name: 'Listing Buyer' });
    const kept = await purchased(as(buyer), partsId, 1);
    const cancelled: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await purchased(as(buyer), partsId, 2);
      expect((await cancelOrder(as(buyer), id)).statusCode).toBe(200);
      cancelled.unshift(id);
    }
    const mine = `/api/purchaseByEmail?email=${encodeURIComponent(buyer.email)}`;
    expect(listed(await as(buyer).get(mine))).toEqual({ ids: [kept], total: 1 });
    expect(listed(await as(buyer).get(`${mine}&status=cancelled`))).toEqual({ ids: cancelled, total: 3 });
    // Paged like every list: newest first, the total of them all.
    const page = listed(await as(buyer).get(`${mine}&status=cancelled&limit=2&offset=1`));
    expect(page).toEqual({ ids: cancelled.slice(1, 3), total: 3 });
    const cancelledOnes = (await as(buyer).get(`${mine}&status=cancelled`)).json();
    for (const order of cancelledOnes) expect(order).toMatchObject({ status: 'cancelled' });
    expect(listed(await as(admin).get(`${mine}&status=cancelled`)).total).toBe(3);
    expect((await as(buyer).get(`${mine}&status=open`)).statusCode).toBe(400);

    // The admin's list, its filters and the CSV export leave them out the same way.
    const all = `/api/purchase?buyer=${encodeURIComponent(buyer.email)}`;
    expect(listed(await as(admin).get(all))).toEqual({ ids: [kept], total: 1 });
    expect(listed(await as(admin).get(`${all}&state=unpaid`))).toEqual({ ids: [kept], total: 1 });
    expect(listed(await as(admin).get(`${all}&status=cancelled`))).toEqual({ ids: cancelled, total: 3 });
    expect(listed(await as(admin).get(`${all}&status=cancelled&state=unpaid`)).total).toBe(0);
    const csv = (await as(admin).get(`/api/purchase.csv?buyer=${encodeURIComponent(buyer.email)}`)).body;
    expect(csv.split('\r\n').filter((row) => row.includes(buyer.email))).toHaveLength(1);
    const cancelledCsv = await as(admin).get(
      `/api/purchase.csv?buyer=${encodeURIComponent(buyer.email)}&status=cancelled`,
    );
    const rows = cancelledCsv.body.split('\r\n').filter((row) => row.includes(buyer.email));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toContain(',cancelled,');

    // The overview counts it neither among the unpaid orders nor among those placed.
    const overview = (await as(admin).get('/api/overview')).json();
    const placedToday = overview.days.at(-1).orders;
    const unpaid = overview.unpaid.count;
    const another = await purchased(as(buyer), partsId, 1);
    expect((await cancelOrder(as(buyer), another)).statusCode).toBe(200);
    const now = (await as(admin).get('/api/overview')).json();
    expect([now.days.at(-1).orders, now.unpaid.count]).toEqual([placedToday, unpaid]);
  });

  test('can be neither cancelled again, paid, nor shipped: 409 saying it was cancelled', async ({
    shop,
    as,
    admin,
    partsId,
  }) => {
    const buyer = await signUp(shop.app);
    const id = await purchased(as(buyer), partsId, 4);
    const secret = await clientSecretFor(shop.app, buyer, id);
    expect((await cancelOrder(as(admin), id)).statusCode).toBe(200);
    const refusals = [
      await cancelOrder(as(buyer), id),
      await cancelOrder(as(admin), id),
      await as(buyer).post('/api/create-payment-intent', { _id: id }),
      await as(buyer).post('/api/payments/test/confirm', { clientSecret: secret, card: GOOD_CARD }),
      await as(buyer).put(`/api/purchaseById/${id}`, { paymentId: secret.split('_secret_')[0] }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toEqual({ code: 'conflict', message: ORDER_CANCELLED_MESSAGE });
    }
    const ship = await as(admin).put(`/api/purchaseById/${id}/fulfilment`, {
      status: 'shipped',
      carrier: 'DHL',
      trackingNumber: '123',
    });
    expect(ship.statusCode).toBe(409);
    expect(await readOrder(as(buyer), id)).toMatchObject({ status: 'cancelled' });
    expect((await readOrder(as(buyer), id)).paymentId).toBeUndefined();
    // The admin's cancel is in the activity log, as the deletes it replaces were.
    const audit = (await as(admin).get('/api/audit')).json() as { action: string; subjectId: string }[];
    expect(audit.find((entry) => entry.subjectId === id)?.action).toBe('order.cancelled');
  });
});

describe('cancels and payments racing', () => {
  test('50 at once on one order: one of them wins, and the pieces are taken or given back once', async ({
    shop,
    as,
    partsId,
  }) => {
    for (let round = 0; round < 3; round++) {
      const buyer = await signUp(shop.app);
      const stock = await stockOf(shop.database.db, partsId);
      const id = await purchased(as(buyer), partsId, 7);
      const clientSecret = await clientSecretFor(shop.app, buyer, id);
      // Every other call a cancel; which comes first changes from round to round.
      const isCancel = (i: number) => (i + round) % 2 === 0;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          isCancel(i)
            ? cancelOrder(as(buyer), id)
            : as(buyer).post('/api/payments/test/confirm', { clientSecret, card: GOOD_CARD }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
      const cancels = statuses.filter((status, i) => isCancel(i) && status === 200).length;
      const payments = statuses.filter((status, i) => !isCancel(i) && status === 200).length;
      const order = await readOrder(as(buyer), id);
      if (order.status === 'cancelled') {
        expect([cancels, payments]).toEqual([1, 0]);
        expect(order.paymentId).toBeUndefined();
        expect(await stockOf(shop.database.db, partsId)).toBe(stock);
      } else {
        // Every confirmation that succeeded is the one payment, answered again.
        expect(cancels).toBe(0);
        expect(payments).toBeGreaterThan(0);
        expect(order.paymentId).toMatch(/^pi_test_/);
        expect(await stockOf(shop.database.db, partsId)).toBe(stock - 7);
      }
      const paid = await shop.database.db
        .selectFrom('audit_log')
        .select('id')
        .where('subject_id', '=', id)
        .where('action', '=', 'order.paid')
        .execute();
      expect(paid).toHaveLength(order.status === 'cancelled' ? 0 : 1);
    }
    const { kept, recounted } = await keptAndRecounted(shop.database.db);
    expect(kept).toEqual(recounted);
  }, 60_000);
});

describe("a cancelled order's running totals", () => {
  test("free the buyer's place under the cap on unpaid orders, as a deleted order did", async ({
    shop,
    as,
    partsId,
  }) => {
    const buyer = await signUp(shop.app);
    const first = await purchased(as(buyer), partsId, 1);
    await purchased(as(buyer), partsId, 1);
    const refused = await purchase(as(buyer), partsId, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('too_many_unpaid_orders');
    expect((await cancelOrder(as(buyer), first)).statusCode).toBe(200);
    expect((await purchase(as(buyer), partsId, 1)).statusCode).toBe(201);
    expect((await purchase(as(buyer), partsId, 1)).statusCode).toBe(409);
    const { kept, recounted } = await keptAndRecounted(shop.database.db);
    expect(kept).toEqual(recounted);
  });

  test("give a company member's month back: the next order fits under their limit again", async ({
    shop,
    as,
    partsId,
  }) => {
    const boss = await signUp(shop.app, { name: 'Company Admin' });
    const member: TestAccount = await signUp(shop.app, { name: 'Limited Member' });
    await companyWithMembers(shop.database.db, [
      { uid: boss.uid, role: 'admin' },
      // $5 a piece: 20 pieces ($100) fit, a second 20 do not.
      { uid: member.uid, role: 'buyer', spendingLimit: 150 },
    ]);
    const first = await purchased(as(member), partsId, 20);
    expect((await readOrder(as(member), first)).approval).toBeUndefined();
    const second = await purchased(as(member), partsId, 20);
    expect((await readOrder(as(member), second)).approval).toBe('pending');
    // The waiting one is cancelled, then the first: the month holds nothing any more.
    expect((await cancelOrder(as(member), second)).statusCode).toBe(200);
    expect((await cancelOrder(as(member), first)).statusCode).toBe(200);
    const third = await purchased(as(member), partsId, 20);
    expect((await readOrder(as(member), third)).approval).toBeUndefined();
    const fourth = await purchased(as(member), partsId, 20);
    expect((await readOrder(as(member), fourth)).approval).toBe('pending');
    // The company's list leaves the cancelled orders out unless asked for them.
    const companyId = (await readOrder(as(member), third)).companyId;
    const list = `/api/companies/${companyId}/orders`;
    expect(listed(await as(boss).get(list)).ids).toEqual([fourth, third]);
    expect(listed(await as(boss).get(`${list}?status=cancelled`)).ids).toEqual([second, first]);
    expect(listed(await as(boss).get(`${list}?approval=pending`)).ids).toEqual([fourth]);
    const decided = await as(boss).post(`/api/orders/${second}/approve`);
    expect(decided.statusCode).toBe(409);
    expect(decided.json().error.message).toBe(ORDER_CANCELLED_MESSAGE);
    const { kept, recounted } = await keptAndRecounted(shop.database.db);
    expect(kept).toEqual(recounted);
  });
});
