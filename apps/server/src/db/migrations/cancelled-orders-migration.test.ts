import { describe, expect, it } from 'vitest';
import { withOrdersBefore } from '../../test-support/old-orders.js';
import { migrateToLatest } from './index.js';

describe('the cancelled orders migration (0030)', () => {
  it('leaves every order there is as it was, none of them cancelled', async () => {
    await withOrdersBefore('0030_cancelled_orders', async (db, order, shopDb) => {
      await db
        .insertInto('orders')
        .values([
          order('a', { number: 1, paid_at: null }),
          order('b', { number: 2, paid_at: '2025-02-02T00:00:00.000Z' }),
        ])
        .execute();
      const before = await db.selectFrom('orders').selectAll().orderBy('id').execute();

      await migrateToLatest(shopDb);
      const after = await db.selectFrom('orders').selectAll().orderBy('id').execute();
      // (0036 adds ship_complete, 0 for every order there was)
      expect(after).toEqual(before.map((row) => ({ ...row, cancelled_at: null, ship_complete: 0 })));
    });
  });
});
