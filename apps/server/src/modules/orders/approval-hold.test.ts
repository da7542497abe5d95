import { describe, expect } from 'vitest';
import type { Database } from '../../db/database.js';
import { mailsTo } from '../../test-support/account-mails.js';
import { signUp } from '../../test-support/accounts.js';
import { companyOfThree, markVerified } from '../../test-support/companies.js';
import { mailTest } from '../../test-support/fixture.js';
import { decideOrder, order, placedAgo, placedOrder, readOrder } from '../../test-support/orders.js';
import { insertPart, stockOf } from '../../test-support/parts.js';
import type { TestShop } from '../../test-support/test-app.js';

/**
 * "One free account holds the whole catalog through an approval": an order waiting for its
 * company's approval holds its pieces for a bounded time only (its buyer's unpaid-order hours,
 * its company's admins reminded by mail halfway), counts toward the buyer's cap on unpaid orders,
 * and the shop's admin can reject it (or cancel any unpaid order's hold).
 */
const STOCK = 1_000_000;
const HOUR = 3_600_000;
mailTest.override('shopOptions', {
  demo: false,
  env: { MAIL_RETRY_SECONDS: '1', UNPAID_ORDERS_PER_BUYER: '5' },
});

const test = mailTest
  /** $10 a piece, one piece at least. */
  .extend('part', { scope: 'file' }, ({ shop }) =>
    insertPart(shop.database.db, {
      name: 'Hot Air Rework Station',
      price_per_piece: 10,
      min_order_quantity: 1,
      available_quantity: STOCK,
    }),
  );

/** A company of two admins and a buyer whose every order waits (a limit of 0). */
const company = (shop: TestShop, options: { verified?: boolean } = {}) =>
  companyOfThree(shop, { limit: 0, buyerVerified: options.verified ?? true });

const remindersOf = (db: Database, orderId: string) =>
  db
    .selectFrom('mail_outbox')
    .select(['recipient', 'subject_id'])
    .where('kind', '=', 'approval_reminder' as never)
    .where('subject_id', 'like', `${orderId}/%`)
    .orderBy('recipient')
    .execute();

describe('the attack: a free account holds the catalog through an approval', () => {
  test('a new company whose admin set their own limit to 0 holds at most UNPAID_ORDERS_PER_BUYER orders, of 50 placed at once', async ({
    shop,
    as,
    admin,
    part,
  }) => {
    const attacker = await signUp(shop.app, { name: 'Free Account' });
    await markVerified(shop.database.db, attacker);
    const created = await as(attacker).post('/api/companies', { name: 'Hoarders Ltd' });
    expect(created.statusCode, created.body).toBe(201);
    const companyId = created.json().insertedId;
    // Lowering one's own limit stays allowed (from none to 0).
    const limited = await as(attacker).put(`/api/companies/${companyId}/members/${attacker.uid}`, {
      spendingLimit: 0,
    });
    expect(limited.statusCode, limited.body).toBe(200);

    const before = await stockOf(shop.database.db, part);
    const answers = await Promise.all(
      // $9,990 each: the most a card may pay for one order (a card order above it is never written).
      Array.from({ length: 50 }, () => order(as(attacker), { partsId: part, quantity: 999 })),
    );
    const ok = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const answer of refused) expect(answer.json().error.code).toBe('too_many_unpaid_orders');
    expect(await stockOf(shop.database.db, part)).toBe(before - 5 * 999);
    const rows = await shop.database.db
      .selectFrom('orders')
      .select('approval')
      .where('user_id', '=', attacker.uid)
      .execute();
    expect(rows.map((row) => row.approval)).toEqual(Array(5).fill('pending'));

    // The shop's admin gives the pieces back: rejecting each waiting order.
    for (const answer of ok) {
      const rejected = await decideOrder(as(admin), answer.json().insertedId, 'reject');
      expect(rejected.statusCode, rejected.body).toBe(200);
    }
    expect(await stockOf(shop.database.db, part)).toBe(before);
    // With its orders rejected, the account may order again.
    expect((await order(as(attacker), { partsId: part, quantity: 1 })).statusCode).toBe(201);
  });
});

describe('an order waiting for approval', () => {
  test("counts toward its buyer's cap on unpaid orders, with their orders waiting for a card", async ({
    shop,
    as,
    part,
  }) => {
    const { buyer } = await company(shop);
    for (let i = 0; i < 5; i++) await placedOrder(as(buyer), { partsId: part, quantity: 1 });
    const refused = await order(as(buyer), { partsId: part, quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: 'too_many_unpaid_orders',
        message: 'You have 5 unpaid orders. Pay or cancel one before placing another.',
      },
    });
  });

  test("holds its pieces for its buyer's unpaid-order hours at most (24 h verified, 1 h not), its admins reminded by mail halfway", async ({
    shop,
    as,
    admin,
    part,
    smtp,
  }) => {
    const { id: companyId, boss, deputy, buyer } = await company(shop);
    const unverified = await company(shop, { verified: false });
    const before = await stockOf(shop.database.db, part);
    const stale = await placedOrder(as(buyer), { partsId: part, quantity: 3 });
    const halfway = await placedOrder(as(buyer), { partsId: part, quantity: 4 });
    const fresh = await placedOrder(as(buyer), { partsId: part, quantity: 5 });
    const unverifiedStale = await placedOrder(as(unverified.buyer), { partsId: part, quantity: 6 });
    await placedAgo(shop.database.db, stale, 24.5 * HOUR);
    await placedAgo(shop.database.db, halfway, 13 * HOUR);
    await placedAgo(shop.database.db, fresh, 2 * HOUR);
    await placedAgo(shop.database.db, unverifiedStale, 1.5 * HOUR);
    expect(await stockOf(shop.database.db, part)).toBe(before - 18);

    await shop.app.backgroundWork.runAll();

    for (const id of [stale, unverifiedStale]) {
      const gone = await readOrder(as(admin), id);
      expect(gone.expiredAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    }
    for (const id of [halfway, fresh]) expect((await readOrder(as(admin), id)).expiredAt).toBeUndefined();
    expect(await stockOf(shop.database.db, part)).toBe(before - 4 - 5);
    const audit = await shop.database.db
      .selectFrom('audit_log')
      .select(['subject_id', 'actor_id'])
      .where('action', '=', 'order.expired')
      .where('subject_id', 'in', [stale, halfway, fresh, unverifiedStale])
      .execute();
    expect(audit.map((entry) => entry.subject_id).sort()).toEqual([stale, unverifiedStale].sort());

    // Halfway through its time each of the company's admins is reminded, once.
    const expected = [boss.email, deputy.email].sort();
    expect((await remindersOf(shop.database.db, halfway)).map((row) => row.recipient)).toEqual(expected);
    expect(await remindersOf(shop.database.db, fresh)).toEqual([]);
    expect(await remindersOf(shop.database.db, stale)).toEqual([]);
    const [mail] = await mailsTo(smtp, boss.email, 'Reminder: approval needed');
    expect(mail?.subject).toMatch(/^Reminder: approval needed: SO-\d{6}, \$40 order by Karim Buyer$/);
    expect(mail?.text).toContain('still waits for your approval');
    expect(mail?.text).toContain('its pieces go back to stock');
    await shop.app.backgroundWork.runAll();
    expect(await remindersOf(shop.database.db, halfway)).toHaveLength(2);

    // A released order can no longer be decided, and leaves the company's waiting list.
    const late = await decideOrder(as(boss), stale, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('order_expired');
    const waiting = await as(boss).get(`/api/companies/${companyId}/orders?approval=pending`);
    expect(waiting.json().map((o: { _id: string }) => o._id)).toEqual([fresh, halfway]);
    // Approved, its unpaid time runs from the approval (24 h for a verified buyer).
    expect((await decideOrder(as(boss), halfway, 'approve')).statusCode).toBe(200);
    await shop.app.backgroundWork.runAll();
    expect((await readOrder(as(admin), halfway)).expiredAt).toBeUndefined();
  });
});

describe("the shop's admin", () => {
  test('rejects an order waiting for approval: its pieces back, the buyer told, the activity logged', async ({
    shop,
    as,
    admin,
    part,
    smtp,
  }) => {
    const { boss, buyer } = await company(shop);
    const before = await stockOf(shop.database.db, part);
    const id = await placedOrder(as(buyer), { partsId: part, quantity: 7 });
    expect(await stockOf(shop.database.db, part)).toBe(before - 7);
    const res = await decideOrder(as(admin), id, 'reject');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, approval: 'rejected', expiredAt: expect.any(String) });
    expect(await stockOf(shop.database.db, part)).toBe(before);
    const audit = await shop.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', id)
      .execute();
    expect(audit).toEqual([{ action: 'order.rejected', actor_id: admin.uid }]);
    const [mail] = await mailsTo(smtp, buyer.email, 'Order rejected');
    expect(mail?.text).toContain('the shop rejected your order');
    // Decided: neither the company's admin nor the shop's admin decides it again.
    expect((await decideOrder(as(boss), id, 'approve')).statusCode).toBe(409);
    expect((await decideOrder(as(admin), id, 'reject')).statusCode).toBe(409);
  });

  test('cannot approve (403); cancels any unpaid order, a waiting one included; rejects only a waiting one (409)', async ({
    shop,
    as,
    admin,
    part,
  }) => {
    const { buyer } = await company(shop);
    const id = await placedOrder(as(buyer), { partsId: part, quantity: 2 });
    const approve = await decideOrder(as(admin), id, 'approve');
    expect(approve.statusCode).toBe(403);
    expect(approve.json().error.code).toBe('forbidden');
    expect((await readOrder(as(admin), id)).approval).toBe('pending');
    const before = await stockOf(shop.database.db, part);
    const cancel = await as(admin).delete(`/api/purchaseById/${id}`);
    expect(cancel.statusCode).toBe(200);
    expect(await stockOf(shop.database.db, part)).toBe(before + 2);
    const loner = await signUp(shop.app);
    const plain = await placedOrder(as(loner), { partsId: part, quantity: 1 });
    const notWaiting = await decideOrder(as(admin), plain, 'reject');
    expect(notWaiting.statusCode).toBe(409);
    expect(notWaiting.json().error.message).toBe('This order does not wait for approval');
  });

  test("and the company's admins deciding one order at once, 50 of them: exactly one decides, the pieces come back at most once", async ({
    shop,
    as,
    admin,
    part,
  }) => {
    const { boss, deputy, buyer } = await company(shop);
    const before = await stockOf(shop.database.db, part);
    const id = await placedOrder(as(buyer), { partsId: part, quantity: 3 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 3 === 0
          ? decideOrder(as(admin), id, 'reject')
          : decideOrder(as(i % 3 === 1 ? boss : deputy), id, 'approve'),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
    const outcome = (await readOrder(as(admin), id)).approval;
    expect(await stockOf(shop.database.db, part)).toBe(outcome === 'rejected' ? before : before - 3);
  });

  test("is named in the API document: the shop's admin rejects, only the company's admins approve", async ({
    as,
  }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    const reject = doc.paths['/api/orders/{id}/reject'].post;
    expect(`${reject.summary} ${reject.description}`).toMatch(/shop's admin/);
    const approve = doc.paths['/api/orders/{id}/approve'].post;
    expect(approve.description).toMatch(/shop's admin.*403/);
  });
});
