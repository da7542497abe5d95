import pino from 'pino';
import { describe, expect } from 'vitest';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { companyWithMembers } from '../../test-support/companies.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { clientSecretFor, confirmCard } from '../../test-support/invoice-orders.js';
import { keptAndRecounted } from '../../test-support/order-totals.js';
import { insertPart } from '../../test-support/parts.js';
import type { TestShop } from '../../test-support/test-app.js';
import { releaseStaleOrders } from './service.js';

/**
 * The running totals the caps and the monthly limit read (migration 0028) stay what counting the
 * orders gives, through a random mix of every change an order goes through, several at once:
 * placed (card, net 30, waiting for approval), paid by card (on time, or after it expired), paid
 * by bank transfer, expired, cancelled by its buyer or the shop, approved and rejected.
 */
const log = pino({ level: 'silent' });
const HOURS = { unverified: 1, verified: 24, aboveCardLimit: 1 };
/** Who orders, and (for a company's member) the admin who decides their waiting orders. */
type Buyer = { who: TestAccount; boss?: TestAccount };

shopTest.override('shopOptions', {
  demo: false,
  env: { UNPAID_ORDERS_PER_BUYER: '1000', UNPAID_ORDER_VALUE_UNVERIFIED: '1000000' },
});
/** Three parts; two plain buyers, and for card and net-30 terms a company of an admin, a limited and a free buyer. */
const test = shopTest
  .extend('parts', { scope: 'file' }, ({ shop }) =>
    Promise.all(
      ['Stencil Printer', 'Reflow Oven', 'Pick and Place Nozzle'].map((name) =>
        insertPart(shop.database.db, {
          name,
          price_per_piece: 10,
          min_order_quantity: 1,
          available_quantity: 1_000_000,
        }),
      ),
    ),
  )
  .extend('buyers', { scope: 'file' }, async ({ shop }) => {
    const account = (name: string) => signUp(shop.app, { name });
    const buyers: Buyer[] = [
      { who: await account('Plain Buyer') },
      { who: await account('Second Plain Buyer') },
    ];
    for (const paymentTerms of ['card', 'net30'] as const) {
      const boss = await account(`${paymentTerms} Admin`);
      const limited = await account(`${paymentTerms} Limited Buyer`);
      const free = await account(`${paymentTerms} Free Buyer`);
      await companyWithMembers(
        shop.database.db,
        [
          { uid: boss.uid, role: 'admin' },
          { uid: limited.uid, role: 'buyer', spendingLimit: 150 },
          { uid: free.uid, role: 'buyer' },
        ],
        { paymentTerms },
      );
      buyers.push({ who: boss }, { who: limited, boss }, { who: free, boss });
    }
    return buyers;
  });

/** mulberry32: the same mix again from the same seed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Placed = { id: string; buyer: Buyer };

/** Which changes an order can go through now, by what it is. */
async function ordersByState(shop: TestShop, placed: ReadonlyMap<string, Placed>) {
  const rows = await shop.database.db
    .selectFrom('orders')
    .select(['id', 'paid_at', 'expired_at', 'cancelled_at', 'due_date', 'approval'])
    .execute();
  const intents = new Set(
    (
      await shop.database.db
        .selectFrom('payment_intents')
        .select('order_id')
        .where('status', 'not in', ['succeeded', 'canceled'])
        .execute()
    ).map((row) => row.order_id),
  );
  const of = (test: (row: (typeof rows)[number]) => boolean) =>
    rows.filter(test).flatMap((row) => placed.get(row.id) ?? []);
  const unpaid = (row: (typeof rows)[number]) =>
    row.paid_at === null && row.expired_at === null && row.cancelled_at === null;
  return {
    open: of((row) => unpaid(row) && row.due_date === null && row.approval !== 'pending'),
    pending: of((row) => unpaid(row) && row.approval === 'pending'),
    invoiced: of((row) => unpaid(row) && row.due_date !== null),
    expiredWithIntent: of((row) => row.expired_at !== null && row.paid_at === null && intents.has(row.id)),
  };
}

describe('the running totals of orders', () => {
  // Its buyers (verified accounts, companies, limits) are made as it starts, within its time.
  test('equal the orders counted afresh after a random mix of changes, several at once', {
    timeout: 60_000,
  }, async ({ shop, as, admin, parts, buyers }) => {
    // Every change draws what it does before it starts: a seed gives the same mix again (the
    // changes of a round may finish in another order).
    const seed = Number(process.env.TOTALS_SEED ?? Date.now() % 1_000_000);
    const next = random(seed);
    const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)];
    const placed = new Map<string, Placed>();
    /** Changes that went through, by kind. */
    const done = new Map<string, number>();
    const count = (kind: string, went: boolean) => {
      if (went) done.set(kind, (done.get(kind) ?? 0) + 1);
    };

    const place = async () => {
      const buyer = pick(buyers);
      if (!buyer) return;
      const lines = [pick(parts), pick(parts)]
        .slice(0, 1 + Math.floor(next() * 2))
        .filter((part, i, all) => all.indexOf(part) === i)
        .map((partsId) => ({ partsId, quantity: 1 + Math.floor(next() * 8) }));
      const res = await as(buyer.who).post('/api/orders', {
        lines,
        mobile: '+880 1712 345678',
        address: 'Plot 7, CEPZ, Chattogram',
      });
      if (res.statusCode === 201) placed.set(res.json().insertedId, { id: res.json().insertedId, buyer });
      count('place', res.statusCode === 201);
    };
    const payByCard = async (order: Placed) => {
      // Paid now, or left open to be paid after the order expires.
      const now = next() < 0.6;
      const secret = await clientSecretFor(shop.app, order.buyer.who, order.id).catch(() => undefined);
      if (secret && now)
        count('pay', (await confirmCard(shop.app, order.buyer.who, secret)).statusCode === 200);
    };
    const payLate = async (order: Placed) => {
      const intent = await shop.database.db
        .selectFrom('payment_intents')
        .select('id')
        .where('order_id', '=', order.id)
        .where('status', 'not in', ['succeeded', 'canceled'])
        .executeTakeFirst();
      if (!intent) return;
      // The provider reports it succeeded; the buyer comes back from the card page.
      await shop.database.db
        .updateTable('payment_intents')
        .set({ status: 'succeeded' })
        .where('id', '=', intent.id)
        .execute();
      const res = await as(order.buyer.who).put(`/api/purchaseById/${order.id}`, { paymentId: intent.id });
      count('pay late', res.statusCode === 200);
    };
    const expire = async (order: Placed) => {
      // Placed (and approved) at the start of this month: its hours are up (unless the month is
      // younger than they are), and it stays in its month's total.
      const monthStart = `${new Date().toISOString().slice(0, 7)}-01T00:00:00.000Z`;
      await shop.database.db
        .updateTable('orders')
        .set((eb) => ({
          created_at: monthStart,
          approved_at: eb.case().when('approved_at', 'is not', null).then(monthStart).else(null).end(),
        }))
        .where('id', '=', order.id)
        .execute();
      count('expire', (await releaseStaleOrders({ db: shop.database.db }, HOURS, log)) > 0);
    };
    const decide = async (order: Placed, decision: 'approve' | 'reject') => {
      const who = decision === 'reject' && next() < 0.3 ? admin : order.buyer.boss;
      if (!who) return;
      const res = await as(who).post(`/api/orders/${order.id}/${decision}`);
      count(decision, res.statusCode === 200);
    };
    const cancel = async (order: Placed) => {
      const who = next() < 0.8 ? order.buyer.who : admin;
      const res = await as(who).delete(`/api/purchaseById/${order.id}`);
      count('cancel', res.statusCode === 200);
    };
    const settle = async (order: Placed) => {
      const res = await as(admin).put(`/api/purchaseById/${order.id}/settlement`, {
        reference: `BANK-${order.id.slice(-6)}`,
      });
      count('settle', res.statusCode === 200);
    };

    type State = Awaited<ReturnType<typeof ordersByState>>;
    const changes: [number, keyof State | undefined, (order: Placed) => Promise<void>][] = [
      [4, undefined, place],
      [2, 'open', payByCard],
      [1, 'expiredWithIntent', payLate],
      [2, 'open', expire],
      [1, 'pending', expire],
      [1, 'pending', (order) => decide(order, 'approve')],
      [1, 'pending', (order) => decide(order, 'reject')],
      [1, 'open', cancel],
      [1, 'invoiced', settle],
    ];
    const weights = changes.reduce((sum, [weight]) => sum + weight, 0);
    const change = (state: State) => {
      let at = next() * weights;
      for (const [weight, among, run] of changes) {
        at -= weight;
        if (at >= 0) continue;
        const order = among && pick(state[among]);
        return order ? run(order) : place();
      }
      return place();
    };
    const kinds = ['place', 'pay', 'pay late', 'expire', 'approve', 'reject', 'cancel', 'settle'];
    // 40 rounds at least, and on until every kind of change went through (a seed may draw one
    // late), 200 at most.
    for (let round = 0; round < 200 && (round < 40 || kinds.some((kind) => !done.has(kind))); round++) {
      const state = await ordersByState(shop, placed);
      // Two changes may meet on one order: one of them goes through.
      await Promise.all(Array.from({ length: 6 }, () => change(state)));
    }

    const { kept, recounted } = await keptAndRecounted(shop.database.db);
    const mix = `TOTALS_SEED=${seed}: ${JSON.stringify(Object.fromEntries(done))}`;
    expect(kept, mix).toEqual(recounted);
    for (const kind of kinds) expect(done.get(kind), `${kind} never went through: ${mix}`).toBeGreaterThan(0);
  });
});
