import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { companyOfThree } from '../../test-support/companies.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { decideOrder, placedOrder, purchased } from '../../test-support/orders.js';
import { insertPart } from '../../test-support/parts.js';

/**
 * Manage All Order's states (docs/api.md, `GET /api/purchase?state=`), over one order of each kind
 * made before any test: a card buyer's unpaid, paid, shipped, delivered and expired orders; a
 * company on card terms whose buyer's month is $50, so each $100 order waits for approval (one
 * still waits, one approved, one rejected); a company on net 30 (one invoice waiting to ship, one
 * shipped before it was paid).
 */
const test = shopTest
  .extend('ids', { scope: 'file', auto: true }, async ({ shop, as, admin }) => {
    const db = shop.database.db;
    const part = await insertPart(db, {
      name: 'State probe',
      price_per_piece: 100,
      min_order_quantity: 1,
      available_quantity: 10_000,
    });
    const line = { partsId: part, quantity: 1 };
    const card = await signUp(shop.app, { email: 'states-card@example.com' });
    const buy = () => purchased(as(card), part, 1);
    const ids = {
      unpaid: await buy(),
      paid: await buy(),
      shipped: await buy(),
      delivered: await buy(),
      expired: await buy(),
    };
    for (const id of [ids.paid, ids.shipped, ids.delivered])
      await db
        .updateTable('orders')
        .set({ payment_id: `pi_test_${id}`, paid_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    await db
      .updateTable('orders')
      .set({ expired_at: new Date().toISOString() })
      .where('id', '=', ids.expired)
      .execute();

    const approving = await companyOfThree(shop, { limit: 50, name: 'Approving Assemblies Ltd' });
    const waiting = await placedOrder(as(approving.buyer), line);
    const approved = await placedOrder(as(approving.buyer), line);
    const rejected = await placedOrder(as(approving.buyer), line);
    expect((await decideOrder(as(approving.boss), approved, 'approve')).statusCode).toBe(200);
    expect((await decideOrder(as(approving.boss), rejected, 'reject')).statusCode).toBe(200);

    const onAccount = await companyOfThree(shop, { paymentTerms: 'net30', name: 'Net Thirty Ltd' });
    const invoiced = await placedOrder(as(onAccount.buyer), line);
    const invoicedShipped = await placedOrder(as(onAccount.buyer), line);

    const fulfil = async (id: string, status: 'shipped' | 'delivered') => {
      const res = await as(admin).put(`/api/purchaseById/${id}/fulfilment`, {
        status,
        ...(status === 'shipped' ? { carrier: 'DHL', trackingNumber: `T-${id.slice(-6)}` } : {}),
      });
      expect(res.statusCode).toBe(200);
    };
    await fulfil(ids.shipped, 'shipped');
    await fulfil(ids.delivered, 'shipped');
    await fulfil(ids.delivered, 'delivered');
    await fulfil(invoicedShipped, 'shipped');
    return { ...ids, waiting, approved, rejected, invoiced, invoicedShipped };
  })
  .extend('listed', { scope: 'file' }, ({ as, admin }) => async (query: string) => {
    const res = await as(admin).get(`/api/purchase?${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { _id: string }[]).map((order) => order._id).sort();
  });

type Ids = Record<string, string>;
const pick = (ids: Ids, names: string[]) => names.map((name) => ids[name]).sort();

describe('Manage All Order by state', () => {
  test.for([
    ['to_pay', ['unpaid', 'approved', 'invoiced', 'invoicedShipped']],
    ['to_approve', ['waiting']],
    ['to_ship', ['paid', 'invoiced']],
    ['shipped', ['shipped', 'delivered', 'invoicedShipped']],
    ['paid', ['paid', 'shipped', 'delivered']],
    ['unpaid', ['unpaid', 'waiting', 'approved', 'invoiced', 'invoicedShipped']],
    ['expired', ['expired', 'rejected']],
  ] as const)('state=%s lists exactly its orders', async ([state, names], { ids, listed }) => {
    expect(await listed(`state=${state}`)).toEqual(pick(ids, [...names]));
  });

  test('without a state every order is listed, newest first, as SPEC.md lists them', async ({
    as,
    admin,
    ids,
  }) => {
    const res = await as(admin).get('/api/purchase?limit=100');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(Object.keys(ids).length));
    const placed = Object.values(ids).sort().reverse();
    expect(res.json().map((order: { _id: string }) => order._id)).toEqual(placed);
  });

  test('a state goes with the search and the paging: its total is the state’s', async ({
    as,
    admin,
    ids,
    listed,
  }) => {
    expect(await listed(`state=to_pay&q=${encodeURIComponent('net thirty')}`)).toEqual(
      pick(ids, ['invoiced', 'invoicedShipped']),
    );
    const page = await as(admin).get('/api/purchase?state=shipped&limit=1');
    expect(page.json()).toHaveLength(1);
    expect(page.headers['x-total-count']).toBe('3');
  });

  test.for(['cancelled_soon', 'TO_SHIP', 'to ship', ''])(
    'refuses state=%s with 400, naming the states',
    async (state, { as, admin }) => {
      const res = await as(admin).get(`/api/purchase?state=${encodeURIComponent(state)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation' });
      expect(res.json().error.message).toMatch(/state.*to_pay, to_approve, to_ship, ready_to_ship, shipped/);
    },
  );

  test('is the shop admin’s alone: a buyer 403, a visitor 401, the CSV alike', async ({ as, buyer }) => {
    expect((await as(buyer).get('/api/purchase?state=to_ship')).statusCode).toBe(403);
    expect((await as(null).get('/api/purchase?state=to_ship')).statusCode).toBe(401);
    expect((await as(buyer).get('/api/purchase.csv?state=shipped')).statusCode).toBe(403);
  });

  test('each order says where it goes: the buyer, their company, the address and mobile, and its lines', async ({
    as,
    admin,
    ids,
  }) => {
    const [invoiced] = (await as(admin).get('/api/purchase?state=to_ship&q=net')).json();
    expect(invoiced).toMatchObject({
      _id: ids.invoiced,
      userName: 'Karim Buyer',
      companyName: 'Net Thirty Ltd',
      address: 'House 12, Road 5, Dhanmondi, Dhaka',
      mobile: '+880 1712 345678',
      lines: [{ partsName: 'State probe', quantity: 1 }],
    });
    expect((await as(admin).get(`/api/purchaseById/${ids.invoiced}`)).json().companyName).toBe(
      'Net Thirty Ltd',
    );
    const [ofNoCompany] = (await as(admin).get('/api/purchase?state=to_ship&buyer=states-card')).json();
    expect(ofNoCompany._id).toBe(ids.paid);
    expect(ofNoCompany).not.toHaveProperty('companyName');
  });

  test('the CSV export takes the same states', async ({ as, admin, ids }) => {
    const res = await as(admin).get('/api/purchase.csv?state=to_approve');
    expect(res.statusCode).toBe(200);
    const rows = res.body.split('\r\n').slice(1).filter(Boolean);
    expect(rows.map((row) => row.split(',')[0])).toEqual([ids.waiting]);
  });
});
