import type { Kysely } from 'kysely';
import pino from 'pino';
import { describe, expect } from 'vitest';
import { nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrations/index.js';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { test } from '../../test-support/fixture.js';
import { clientSecretFor, confirmCard, paidOrder, placeOrder } from '../../test-support/invoice-orders.js';
import { createTestDatabase, migrateBefore, openTestDatabase } from '../../test-support/test-app.js';
import { markPaid } from '../orders/index.js';
import { reconcilePayments, testProvider } from '../payments/index.js';

const log = pino({ level: 'silent' });

const invoiceNumbers = async (db: Database) =>
  (await db.selectFrom('invoices').select('number').orderBy('number').execute()).map((r) => Number(r.number));
const lastNumber = async (db: Database) =>
  Number(
    (await db.selectFrom('invoice_counter').select('last_number').executeTakeFirstOrThrow()).last_number,
  );
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('invoice numbers', () => {
  test('are 1..n without gaps or duplicates when many orders are paid at once, whichever way each is paid', async ({
    shop,
    as,
    admin,
  }) => {
    const db = shop.database.db;
    const buyers = [await signUp(shop.app), await signUp(shop.app), await signUp(shop.app)];
    const byCard: { buyer: TestAccount; secret: string }[] = [];
    const toldLater: { buyer: TestAccount; orderId: string; intentId: string }[] = [];
    for (let i = 0; i < 24; i++) {
      const buyer = buyers[i % buyers.length] as TestAccount;
      const orderId = await placeOrder(shop.app, { admin, buyer }, { quantity: 1 + i });
      const secret = await clientSecretFor(shop.app, buyer, orderId);
      if (i % 2 === 0) byCard.push({ buyer, secret });
      else {
        // The card went through at the provider, but the shop has not heard of it yet.
        const intentId = secret.split('_secret_')[0] as string;
        await db
          .updateTable('payment_intents')
          .set({ status: 'succeeded' })
          .where('id', '=', intentId)
          .execute();
        toldLater.push({ buyer, orderId, intentId });
      }
    }
    const payments = { db, provider: testProvider(db) };
    const results = await Promise.all([
      ...byCard.map(({ buyer, secret }) => confirmCard(shop.app, buyer, secret).then((r) => r.statusCode)),
      // Half of those the buyer confirms; two servers' reconciliation races them for all of them.
      ...toldLater
        .filter((_, i) => i % 2 === 0)
        .map(({ buyer, orderId, intentId }) =>
          as(buyer)
            .put(`/api/purchaseById/${orderId}`, { paymentId: intentId })
            .then((r) => r.statusCode),
        ),
      reconcilePayments(payments, log).then(() => 200),
      reconcilePayments(payments, log).then(() => 200),
    ]);
    expect(results.every((status) => status === 200)).toBe(true);

    const orders = await db.selectFrom('orders').select(['id', 'paid_at']).execute();
    expect(orders).toHaveLength(24);
    expect(orders.every((o) => o.paid_at !== null)).toBe(true);
    expect(await invoiceNumbers(db)).toEqual(upTo(24));
    expect(await lastNumber(db)).toBe(24);
    const invoiced = await db.selectFrom('invoices').select('order_id').execute();
    expect(new Set(invoiced.map((i) => i.order_id))).toEqual(new Set(orders.map((o) => o.id)));
  }, 60_000);

  test('are given back when the payment rolls back, and marking paid outside a transaction is refused', async ({
    shop,
    admin,
  }) => {
    const db = shop.database.db;
    const buyer = await signUp(shop.app);
    const before = await lastNumber(db);
    const orderId = await placeOrder(shop.app, { admin, buyer });
    const crash = new Error('the server failed after paying');
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await markPaid(trx, orderId, 'pi_rolled_back', nowIso())).toMatchObject({ id: orderId });
        throw crash;
      }),
    ).rejects.toBe(crash);
    await expect(markPaid(db, orderId, 'pi_no_transaction', nowIso())).rejects.toThrow(/transaction/);
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.paid_at).toBeNull();
    expect(await lastNumber(db)).toBe(before);
    expect(
      await db.selectFrom('invoices').select('number').where('order_id', '=', orderId).execute(),
    ).toEqual([]);

    const next = await paidOrder(shop.app, { admin, buyer });
    const row = await db
      .selectFrom('invoices')
      .select('number')
      .where('order_id', '=', next.orderId)
      .executeTakeFirstOrThrow();
    expect(Number(row.number)).toBe(before + 1);
    expect(await invoiceNumbers(db)).toEqual(upTo(before + 1));
  });
});

describe('the invoices migration', () => {
  test('numbers the orders paid before it in the order they were paid (then by id), and paying goes on from there', async () => {
    const target = await createTestDatabase();
    const database = openTestDatabase(target.url);
    try {
      const db = database.db;
      await migrateBefore(db, '0004_invoices');
      const at = '2025-01-01T00:00:00.000Z';
      await db
        .insertInto('users')
        .values({
          id: 'u',
          name: 'B',
          email: 'b@example.com',
          password_hash: null,
          role: null,
          mobile: null,
          created_at: at,
        })
        .execute();
      await db
        .insertInto('parts')
        .values({
          id: 'p',
          name: 'P',
          name_search: 'p',
          desc: 'D',
          img: 'https://example.com/p.webp',
          price_per_piece: 2,
          available_quantity: 10,
          min_order_quantity: 1,
          created_at: at,
          deleted_at: null,
        })
        .execute();
      const order = (id: string, paidAt: string | null) => ({
        id,
        user_id: 'u',
        user_name: 'B',
        email: 'b@example.com',
        part_id: 'p',
        part_name: 'P',
        unit_price: 2,
        quantity: 1,
        price: 2,
        mobile: '+880 1712 345678',
        address: 'Dhaka',
        payment_id: paidAt ? `pi_${id}` : null,
        payment_intent_id: null,
        created_at: at,
        paid_at: paidAt,
      });
      // The orders table as it was then (without the columns later migrations add).
      const then = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await then
        .insertInto('orders')
        .values([
          order('a', '2025-03-01T00:00:00.000Z'),
          order('c', '2025-02-01T00:00:00.000Z'),
          order('b', '2025-02-01T00:00:00.000Z'),
          order('d', null),
        ])
        .execute();

      await migrateToLatest(db);
      const invoices = await db.selectFrom('invoices').selectAll().orderBy('number').execute();
      expect(invoices.map((i) => [i.order_id, Number(i.number), i.issued_at])).toEqual([
        ['b', 1, '2025-02-01T00:00:00.000Z'],
        ['c', 2, '2025-02-01T00:00:00.000Z'],
        ['a', 3, '2025-03-01T00:00:00.000Z'],
      ]);
      expect(await lastNumber(db)).toBe(3);
      await db.transaction().execute((trx) => markPaid(trx, 'd', 'pi_d', nowIso()));
      expect(await invoiceNumbers(db)).toEqual([1, 2, 3, 4]);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
