import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertPart } from '../../test-support/parts.js';
import { createTestDatabase, migrateBefore, openTestDatabase } from '../../test-support/test-app.js';
import { migrateToLatest } from './index.js';

describe('the cancelled orders migration (0030)', () => {
  it('leaves every order there is as it was, none of them cancelled', async () => {
    const target = await createTestDatabase();
    const database = openTestDatabase(target.url);
    try {
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await migrateBefore(database.db, '0030_cancelled_orders');
      const partId = await insertPart(database.db, { name: 'P' });
      await db
        .insertInto('users')
        .values({ id: 'u', name: 'B', email: 'b@example.com', created_at: '2025-01-01T00:00:00.000Z' })
        .execute();
      const order = (id: string, number: number, paidAt: string | null) => ({
        id,
        number,
        user_id: 'u',
        user_name: 'B',
        email: 'b@example.com',
        part_id: partId,
        part_name: 'P',
        unit_price: 2,
        quantity: 1,
        price: 2,
        mobile: '+880 1712 345678',
        address: 'Dhaka',
        created_at: '2025-02-01T00:00:00.000Z',
        paid_at: paidAt,
      });
      await db
        .insertInto('orders')
        .values([order('a', 1, null), order('b', 2, '2025-02-02T00:00:00.000Z')])
        .execute();
      const before = await db.selectFrom('orders').selectAll().orderBy('id').execute();

      await migrateToLatest(database.db);
      const after = await db.selectFrom('orders').selectAll().orderBy('id').execute();
      expect(after).toEqual(before.map((row) => ({ ...row, cancelled_at: null })));
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
