import { describe, expect } from 'vitest';
import { bearer, signUp, type TestAccount } from '../../test-support/accounts.js';
import { companyOfThree, companyWithMembers } from '../../test-support/companies.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { recountOrderTotals } from '../../test-support/order-totals.js';
import { decideOrder, delivery, order, placedOrder, readOrder } from '../../test-support/orders.js';
import { insertPart, insertParts, stockOf } from '../../test-support/parts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';
import { placeOrder } from './service.js';

/**
 * A company member's orders (API.md, Companies): the company they carry, the monthly spending
 * limit that sends an order to its company's admins for approval, and the approvals themselves.
 */
const test = shopTest
  /** $10 a piece, one piece at least. */
  .extend('part', { scope: 'file' }, ({ shop }) =>
    insertPart(shop.database.db, {
      name: 'Torque Screwdriver',
      price_per_piece: 10,
      min_order_quantity: 1,
      available_quantity: 1_000_000,
    }),
  );

/** A company of two admins and a buyer (not verified) of the monthly limit given. */
const company = (shop: TestShop, limit: number | null, paymentTerms: 'card' | 'net30' = 'card') =>
  companyOfThree(shop, { limit, paymentTerms, buyerVerified: false });

describe("a company member's order", () => {
  test('carries the company; without a limit it needs no approval; a shop buyer outside any company carries none', async ({
    shop,
    as,
    part,
  }) => {
    const { id, buyer } = await company(shop, null);
    const mine = await readOrder(as(buyer), await placedOrder(as(buyer), { partsId: part, quantity: 500 }));
    expect(mine.companyId).toBe(id);
    expect(mine).not.toHaveProperty('approval');
    const loner = await signUp(shop.app);
    const theirs = await readOrder(as(loner), await placedOrder(as(loner), { partsId: part, quantity: 1 }));
    expect(theirs).not.toHaveProperty('companyId');
  });

  test('waits for approval once it would take the month past the limit: pieces reserved, no card payment', async ({
    shop,
    as,
    part,
  }) => {
    const { buyer } = await company(shop, 100);
    const before = await stockOf(shop.database.db, part);
    const within = await placedOrder(as(buyer), { partsId: part, quantity: 6 }); // $60
    expect((await readOrder(as(buyer), within)).approval).toBeUndefined();
    const over = await placedOrder(as(buyer), { partsId: part, quantity: 5 }); // $60 + $50 > $100
    const pending = await readOrder(as(buyer), over);
    expect(pending.approval).toBe('pending');
    expect(await stockOf(shop.database.db, part)).toBe(before - 11);

    const intent = await as(buyer).post('/api/create-payment-intent', { _id: over });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().error.message).toMatch(/waits for approval/);
    const pay = await as(buyer).put(`/api/purchaseById/${over}`, { paymentId: 'pi_test_anything' });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.message).toMatch(/waits for approval/);

    // Exactly up to the limit needs none: $60 + $50 pending count, so even $1 more waits.
    const next = await readOrder(as(buyer), await placedOrder(as(buyer), { partsId: part, quantity: 1 }));
    expect(next.approval).toBe('pending');
  });

  test('counts this month only, and not rejected, expired or cancelled orders', async ({
    shop,
    as,
    part,
  }) => {
    const { boss, buyer } = await company(shop, 100);
    const last = await placedOrder(as(buyer), { partsId: part, quantity: 9 }); // $90
    // Placed last month (its month's total with it): it no longer counts.
    const thisMonth = Date.parse(`${new Date().toISOString().slice(0, 7)}-01T00:00:00.000Z`);
    await shop.database.db
      .updateTable('orders')
      .set({ created_at: new Date(thisMonth - 1000).toISOString() })
      .where('id', '=', last)
      .execute();
    await recountOrderTotals(shop.database.db);
    const a = await placedOrder(as(buyer), { partsId: part, quantity: 9 }); // $90
    expect((await readOrder(as(buyer), a)).approval).toBeUndefined();
    const b = await placedOrder(as(buyer), { partsId: part, quantity: 2 }); // $110: waits
    expect((await readOrder(as(buyer), b)).approval).toBe('pending');
    expect((await decideOrder(as(boss), b, 'reject')).statusCode).toBe(200);
    // The rejected one is gone from the month: $90 + $10 fits.
    const c = await placedOrder(as(buyer), { partsId: part, quantity: 1 });
    expect((await readOrder(as(buyer), c)).approval).toBeUndefined();
    // Cancel one ($10): $90 + $10 fits again.
    const cancel = await as(buyer).delete(`/api/purchaseById/${c}`);
    expect(cancel.statusCode).toBe(200);
    expect(
      (await readOrder(as(buyer), await placedOrder(as(buyer), { partsId: part, quantity: 1 }))).approval,
    ).toBeUndefined();
  });

  test('lets no two orders placed at once slip under the limit: of 50 at once, those not waiting total at most the limit', async ({
    shop,
    as,
    part,
  }) => {
    const { id, buyer } = await company(shop, 95);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => order(as(buyer), { partsId: part, quantity: 1 })),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    const rows = await shop.database.db
      .selectFrom('orders')
      .select(['price', 'approval'])
      .where('company_id', '=', id)
      .execute();
    expect(rows).toHaveLength(50);
    const free = rows.filter((row) => row.approval === null);
    const total = free.reduce((sum, row) => sum + Number(row.price), 0);
    expect(total).toBeLessThanOrEqual(95);
    // Decided one after another: nine fit ($90), every later one waits.
    expect(free).toHaveLength(9);
    expect(rows.filter((row) => row.approval === 'pending')).toHaveLength(41);
  });

  test('holds under 50 orders at once without the unpaid-order cap (its lock of the buyer out of the way)', async ({
    shop,
  }) => {
    // The cap locks the buyer's row too; an accepted quote's order, and a shop without the cap,
    // rely on the member's own lock.
    const { id, buyer } = await company(shop, 95);
    const caller = { id: buyer.uid, name: buyer.name, email: buyer.email, role: null, sessionId: 'test' };
    // Each order of a part of its own: no lock on a shared part's stock puts them in a line.
    const parts = await insertParts(
      shop.database.db,
      Array.from({ length: 50 }, (_, i) => ({
        name: `Own part ${i}`,
        price_per_piece: 10,
        min_order_quantity: 1,
      })),
    );
    const outcomes = await Promise.allSettled(
      parts.map((partsId) =>
        placeOrder({ db: shop.database.db }, caller, { lines: [{ partsId, quantity: 1 }], ...delivery }),
      ),
    );
    expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
    const rows = await shop.database.db
      .selectFrom('orders')
      .select(['price', 'approval'])
      .where('company_id', '=', id)
      .execute();
    const free = rows.filter((row) => row.approval === null);
    expect(free.reduce((sum, row) => sum + Number(row.price), 0)).toBeLessThanOrEqual(95);
    expect(free).toHaveLength(9);
    expect(rows).toHaveLength(50);
  });

  test("an accepted quote's order obeys the limit too", async ({ shop, as, admin, part }) => {
    const { buyer } = await company(shop, 50);
    const asked = await as(buyer).post('/api/quotes', {
      lines: [{ partsId: part, quantity: 10 }],
      message: 'A price for 10?',
    });
    expect(asked.statusCode).toBe(201);
    const quoteId = asked.json().insertedId;
    const offered = await as(admin).put(`/api/quotes/${quoteId}`, {
      lines: [{ partsId: part, unitPrice: 8 }],
      validUntil: '2099-01-31T12:00:00.000Z',
    });
    expect(offered.statusCode).toBe(200);
    const accepted = await as(buyer).post(`/api/quotes/${quoteId}/accept`, delivery);
    expect(accepted.statusCode, accepted.body).toBe(201);
    // $80 at the agreed price, past the $50 a month.
    const order = await readOrder(as(buyer), accepted.json().orderId);
    expect(order.price).toBe(80);
    expect(order.approval).toBe('pending');
  });

  test("expires once it has waited its buyer's unpaid time; once approved, that time runs from the approval", async ({
    shop,
    as,
    part,
  }) => {
    const { boss, buyer } = await company(shop, 0);
    const waiting = await placedOrder(as(buyer), { partsId: part, quantity: 1 });
    const approved = await placedOrder(as(buyer), { partsId: part, quantity: 1 });
    const plain = await placedOrder(as(await signUp(shop.app)), { partsId: part, quantity: 1 });
    const longAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await shop.database.db
      .updateTable('orders')
      .set({ created_at: longAgo })
      .where('id', 'in', [waiting, approved, plain])
      .execute();
    expect((await decideOrder(as(boss), approved, 'approve')).statusCode).toBe(200);
    await shop.app.backgroundWork.runAll();
    const expired = async (id: string) =>
      (
        await shop.database.db
          .selectFrom('orders')
          .select('expired_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).expired_at;
    expect(await expired(plain)).not.toBeNull();
    // Waiting for approval holds the pieces no longer than an unpaid order would.
    expect(await expired(waiting)).not.toBeNull();
    expect(await expired(approved)).toBeNull();
    // Approved a month ago: its time ran out.
    await shop.database.db
      .updateTable('orders')
      .set({ approved_at: longAgo })
      .where('id', '=', approved)
      .execute();
    await shop.app.backgroundWork.runAll();
    expect(await expired(approved)).not.toBeNull();
  });

  test('waiting orders count against the unpaid-order cap: they hold their pieces as unpaid ones do', async () => {
    const capped = await createTestShop({ demo: false, env: { UNPAID_ORDERS_PER_BUYER: '2' } });
    try {
      const buyer = await signUp(capped.app);
      await companyWithMembers(capped.database.db, [{ uid: buyer.uid, role: 'buyer', spendingLimit: 0 }]);
      const cheap = await insertPart(capped.database.db, {
        name: 'Cap part',
        price_per_piece: 1,
        min_order_quantity: 1,
      });
      const place = () =>
        capped.app.inject({
          method: 'POST',
          url: '/api/purchase',
          headers: bearer(buyer),
          payload: { partsId: cheap, quantity: 1, ...delivery },
        });
      for (let i = 0; i < 2; i++) expect((await place()).statusCode).toBe(201);
      // Two waiting orders, none payable yet: the cap of 2 is reached all the same.
      const refused = await place();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('too_many_unpaid_orders');
      const ids = await capped.database.db.selectFrom('orders').select(['id', 'approval']).execute();
      expect(ids.map((row) => row.approval)).toEqual(['pending', 'pending']);
    } finally {
      await capped.close();
    }
  });
});

describe('approving and rejecting', () => {
  test("an admin of the order's company approves it: it becomes payable by card", async ({
    shop,
    as,
    part,
  }) => {
    const { boss, buyer } = await company(shop, 0);
    const id = await placedOrder(as(buyer), { partsId: part, quantity: 2 });
    const res = await decideOrder(as(boss), id, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, approval: 'approved' });
    const intent = await as(buyer).post('/api/create-payment-intent', { _id: id });
    expect(intent.statusCode).toBe(200);
    expect((await decideOrder(as(boss), id, 'approve')).json().error.message).toBe(
      'This order is approved already',
    );
    expect((await decideOrder(as(boss), id, 'reject')).statusCode).toBe(409);
  });

  test('rejecting gives the pieces back; the order can then be neither paid nor cancelled', async ({
    shop,
    as,
    part,
  }) => {
    const { boss, buyer } = await company(shop, 0);
    const before = await stockOf(shop.database.db, part);
    const id = await placedOrder(as(buyer), { partsId: part, quantity: 7 });
    expect(await stockOf(shop.database.db, part)).toBe(before - 7);
    const res = await decideOrder(as(boss), id, 'reject');
    expect(res.statusCode).toBe(200);
    expect(res.json().approval).toBe('rejected');
    expect(res.json().expiredAt).toBeDefined();
    expect(await stockOf(shop.database.db, part)).toBe(before);
    const intent = await as(buyer).post('/api/create-payment-intent', { _id: id });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().error.message).toMatch(/rejected/);
    const cancel = await as(buyer).delete(`/api/purchaseById/${id}`);
    expect(cancel.statusCode).toBe(409);
    expect(await stockOf(shop.database.db, part)).toBe(before);
    expect((await decideOrder(as(boss), id, 'reject')).json().error.message).toBe(
      'This order is rejected already',
    );
  });

  test("refuses the buyer, another company's admin (403) and the shop's admin's approval; unknown 404; malformed 400; not pending 409", async ({
    shop,
    as,
    admin,
    part,
  }) => {
    const { boss, buyer } = await company(shop, 0);
    const other = await company(shop, null);
    const id = await placedOrder(as(buyer), { partsId: part, quantity: 1 });
    for (const who of [buyer, other.boss, admin]) {
      // The shop's admin may reject (approval-hold.test.ts), never approve.
      for (const decision of who === admin ? (['approve'] as const) : (['approve', 'reject'] as const)) {
        const res = await decideOrder(as(who), id, decision);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
    }
    expect((await decideOrder(as(boss), '01900000-0000-7000-8000-000000000000', 'approve')).statusCode).toBe(
      404,
    );
    const malformed = await decideOrder(as(boss), 'not-an-id', 'reject');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('validation');
    // Another company's order, even not pending: 403 before anything else.
    const theirs = await placedOrder(as(other.buyer), { partsId: part, quantity: 1 });
    expect((await decideOrder(as(boss), theirs, 'approve')).statusCode).toBe(403);
    // Its own company's order that needs no approval: 409.
    expect((await decideOrder(as(other.boss), theirs, 'approve')).statusCode).toBe(409);
    // An order outside any company: nobody's company admin.
    const loner = await signUp(shop.app);
    expect(
      (await decideOrder(as(boss), await placedOrder(as(loner), { partsId: part, quantity: 1 }), 'approve'))
        .statusCode,
    ).toBe(403);
    expect((await readOrder(as(buyer), id)).approval).toBe('pending');
  });

  test('of 20 approvals and rejections at once, exactly one decides; the pieces come back at most once', async ({
    shop,
    as,
    part,
  }) => {
    for (let round = 0; round < 2; round++) {
      const { boss, buyer } = await company(shop, 0);
      const before = await stockOf(shop.database.db, part);
      const id = await placedOrder(as(buyer), { partsId: part, quantity: 3 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          decideOrder(as(boss), id, (i + round) % 2 === 0 ? 'approve' : 'reject'),
        ),
      );
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
      const outcome = ok[0]?.json().approval;
      expect((await readOrder(as(buyer), id)).approval).toBe(outcome);
      expect(await stockOf(shop.database.db, part)).toBe(outcome === 'rejected' ? before : before - 3);
      const audit = await shop.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('subject_id', '=', id)
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual([`order.${outcome}`]);
    }
  });
});

describe("a company's orders", () => {
  test("lists every member's orders to its admins, newest first, paged, or only the pending ones", async ({
    shop,
    as,
    admin,
    part,
  }) => {
    const { id, boss, buyer } = await company(shop, 30);
    const ids: string[] = [];
    for (const quantity of [1, 2, 3, 4])
      ids.push(await placedOrder(as(buyer), { partsId: part, quantity: quantity }));
    ids.push(await placedOrder(as(boss), { partsId: part, quantity: 1 }));
    await placedOrder(as(await signUp(shop.app)), { partsId: part, quantity: 1 });
    const list = (who: TestAccount, query = '') => as(who).get(`/api/companies/${id}/orders${query}`);
    const all = await list(boss);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('5');
    expect(all.json().map((o: { _id: string }) => o._id)).toEqual([...ids].reverse());
    const page = await list(boss, '?limit=2&offset=1');
    expect(page.json().map((o: { _id: string }) => o._id)).toEqual([ids[3], ids[2]]);
    expect(page.headers['x-total-count']).toBe('5');
    // $10 + $20 fit the $30; $30 and $40 wait.
    const pending = await list(boss, '?approval=pending');
    expect(pending.json().map((o: { _id: string }) => o._id)).toEqual([ids[3], ids[2]]);
    expect(pending.headers['x-total-count']).toBe('2');

    expect((await list(buyer)).statusCode).toBe(403);
    expect((await list(admin)).statusCode).toBe(403);
    expect((await list((await company(shop, null)).boss)).statusCode).toBe(403);
    expect((await list(boss, '?approval=approved')).statusCode).toBe(400);
    expect((await as(boss).get('/api/companies/nope/orders')).statusCode).toBe(400);
    expect((await as(null).get(`/api/companies/${id}/orders`)).statusCode).toBe(401);
  });
});
