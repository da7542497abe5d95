import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../../test-support/accounts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';
import { releaseStaleOrders } from './service.js';

let shop: TestShop;
let admin: TestAccount;
let buyer: TestAccount;
const logged: Record<string, unknown>[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });

beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  admin = await signUpAdmin(shop.app, shop.database.db);
  buyer = await signUp(shop.app);
});
afterAll(async () => {
  await shop.close();
});

async function orderPlacedHoursAgo(partsId: string, hours: number): Promise<string> {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(buyer),
    payload: { partsId, quantity: 10, mobile: '+880 1712 345678', address: 'Dhaka' },
  });
  const id = res.json().insertedId;
  const createdAt = new Date(Date.now() - hours * 3_600_000).toISOString();
  await shop.database.db.updateTable('orders').set({ created_at: createdAt }).where('id', '=', id).execute();
  return id;
}

describe('UNPAID_ORDER_TTL_HOURS', () => {
  it('releases unpaid orders older than the setting, once even when two servers run it together, and logs each', async () => {
    const part = await shop.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: bearer(admin),
      payload: {
        name: 'TTL part',
        desc: 'D',
        img: 'https://example.com/p.webp',
        min_order_quantity: 1,
        available_quantity: 100,
        price_per_piece: 2,
      },
    });
    const partsId = part.json().insertedId;
    const stale = await orderPlacedHoursAgo(partsId, 30);
    const fresh = await orderPlacedHoursAgo(partsId, 2);
    const paid = await orderPlacedHoursAgo(partsId, 30);
    await shop.database.db
      .updateTable('orders')
      .set({ payment_id: 'pi_test_paid', paid_at: new Date().toISOString() })
      .where('id', '=', paid)
      .execute();

    const deps = { db: shop.database.db };
    const released = await Promise.all([
      releaseStaleOrders(deps, 24, log),
      releaseStaleOrders(deps, 24, log),
    ]);
    expect(released[0] + released[1]).toBe(1);

    const ids = (
      await shop.database.db.selectFrom('orders').select('id').where('part_id', '=', partsId).execute()
    ).map((r) => r.id);
    expect(ids.sort()).toEqual([fresh, paid].sort());
    const stock = (await shop.app.inject({ method: 'GET', url: `/api/partsById?id=${partsId}` })).json()
      .available_quantity;
    expect(stock).toBe(100 - 20);
    const lines = logged.filter((l) => l.orderId === stale);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      partId: partsId,
      quantity: 10,
      msg: 'unpaid order released: its pieces are back in stock',
    });
  });
});
