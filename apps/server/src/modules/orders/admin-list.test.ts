import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../../test-support/accounts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

let shop: TestShop;
let admin: TestAccount;
let dave: TestAccount;
let alice: TestAccount;
let bob: TestAccount;
const ids: Record<string, string> = {};

beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  admin = await signUpAdmin(shop.app, shop.database.db);
  alice = await signUp(shop.app, { name: '=cmd|calc', email: 'alice-orders@example.com' });
  bob = await signUp(shop.app, { email: 'bob-orders@example.com' });
  const addPart = async (name: string) =>
    (
      await shop.app.inject({
        method: 'POST',
        url: '/api/parts',
        headers: bearer(admin),
        payload: {
          name,
          desc: 'D',
          img: 'https://example.com/p.webp',
          min_order_quantity: 1,
          available_quantity: 100,
          price_per_piece: 5,
        },
      })
    ).json().insertedId as string;
  const probe = await addPart('Ω Probe 100%');
  const crimper = await addPart('Crimper');
  const buy = async (who: TestAccount, partsId: string, address: string) =>
    (
      await shop.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: bearer(who),
        payload: { partsId, quantity: 2, mobile: '+880 1712 345678', address },
      })
    ).json().insertedId as string;
  ids.aliceProbe = await buy(alice, probe, '=HYPERLINK("http://evil.example","click")');
  ids.aliceCrimper = await buy(alice, crimper, 'Road 1, "Block" B, Dhaka');
  ids.bobProbe = await buy(bob, probe, 'Chattogram');
  // An order of two lines: the crimper first, the probe second.
  dave = await signUp(shop.app, { email: 'dave-orders@example.com' });
  ids.daveTwoLines = (
    await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(dave),
      payload: {
        lines: [
          { partsId: crimper, quantity: 3 },
          { partsId: probe, quantity: 4 },
        ],
        mobile: '+880 1712 345678',
        address: 'Sylhet',
        poNumber: 'PO-7781',
      },
    })
  ).json().insertedId as string;
  await shop.database.db
    .updateTable('orders')
    .set({ payment_id: 'pi_test_paid1', paid_at: new Date().toISOString() })
    .where('id', '=', ids.bobProbe)
    .execute();
});
afterAll(async () => {
  await shop.close();
});

const list = async (query: string) => {
  const res = await shop.app.inject({ method: 'GET', url: `/api/purchase?${query}`, headers: bearer(admin) });
  return { res, ids: res.statusCode === 200 ? res.json().map((o: { _id: string }) => o._id) : [] };
};

describe('Manage All Order filters', () => {
  it('filter by state, a piece of the buyer email and a piece of the part name (literally)', async () => {
    expect((await list('state=paid')).ids).toEqual([ids.bobProbe]);
    expect((await list('state=unpaid&buyer=orders')).ids.sort()).toEqual(
      [ids.aliceProbe, ids.aliceCrimper, ids.daveTwoLines].sort(),
    );
    expect((await list('buyer=ALICE-orders')).ids.sort()).toEqual([ids.aliceProbe, ids.aliceCrimper].sort());
    expect((await list(`part=${encodeURIComponent('ω probe 100%')}`)).ids.sort()).toEqual(
      [ids.aliceProbe, ids.bobProbe, ids.daveTwoLines].sort(),
    );
    expect((await list('part=%25')).ids.sort()).toEqual(
      [ids.aliceProbe, ids.bobProbe, ids.daveTwoLines].sort(),
    );
    expect((await list('state=unpaid&part=probe&buyer=alice')).ids).toEqual([ids.aliceProbe]);
    // An order holds a part on any of its lines.
    expect((await list('buyer=dave&part=probe')).ids).toEqual([ids.daveTwoLines]);
    expect((await list('buyer=dave&part=crimper')).ids).toEqual([ids.daveTwoLines]);
    const { res } = await list('state=paid&limit=1');
    expect(res.headers['x-total-count']).toBe('1');
  });

  it.each(['state=open', `buyer=${'x'.repeat(300)}`, 'part=a%00b'])('refuses %s with 400', async (query) => {
    expect((await list(query)).res.statusCode).toBe(400);
  });
});

describe('GET /api/purchase.csv', () => {
  it('exports the filtered orders as RFC 4180 CSV with formulas neutralised, to admins only', async () => {
    const res = await shop.app.inject({
      method: 'GET',
      url: '/api/purchase.csv?buyer=alice',
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'order,line,placed,buyer,email,mobile,address,PO number,part,quantity,unit price,price,state,payment,paid,fulfilment,carrier,tracking number,shipped,delivered',
    );
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toBe('');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(res.body).toContain(`'=cmd|calc`);
    expect(res.body).toContain('"Road 1, ""Block"" B, Dhaka"');
    expect(res.body).not.toContain('bob-orders');
    expect(
      (await shop.app.inject({ method: 'GET', url: '/api/purchase.csv', headers: bearer(alice) })).statusCode,
    ).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: '/api/purchase.csv' })).statusCode).toBe(401);
  });

  it('gives a row per line of an order, numbered from 1, with its PO number and its own price', async () => {
    const res = await shop.app.inject({
      method: 'GET',
      url: '/api/purchase.csv?buyer=dave',
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body.split('\r\n');
    const columns = (header ?? '').split(',');
    const cells = rows.filter(Boolean).map((row) => {
      const values = row.split(',');
      return Object.fromEntries(columns.map((name, i) => [name, values[i]]));
    });
    expect(cells).toEqual([
      expect.objectContaining({
        order: ids.daveTwoLines,
        line: '1',
        'PO number': 'PO-7781',
        part: 'Crimper',
        quantity: '3',
        'unit price': '5',
        price: '15',
        state: 'unpaid',
      }),
      expect.objectContaining({
        order: ids.daveTwoLines,
        line: '2',
        'PO number': 'PO-7781',
        part: 'Ω Probe 100%',
        quantity: '4',
        'unit price': '5',
        price: '20',
        state: 'unpaid',
      }),
    ]);
  });

  it('neutralises formulas in a part name and an address, at the start of a cell and after a ;', async () => {
    const part = (
      await shop.app.inject({
        method: 'POST',
        url: '/api/parts',
        headers: bearer(admin),
        payload: {
          name: '@SUM(1)',
          desc: 'D',
          img: 'https://example.com/p.webp',
          min_order_quantity: 1,
          available_quantity: 10,
          price_per_piece: 5,
        },
      })
    ).json().insertedId as string;
    const carol = await signUp(shop.app, { name: 'Carol;+1', email: 'carol-orders@example.com' });
    const bought = await shop.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(carol),
      payload: { partsId: part, quantity: 1, mobile: '+880 1712 345678', address: 'x;=1+1' },
    });
    expect(bought.statusCode).toBe(201);
    const res = await shop.app.inject({
      method: 'GET',
      url: '/api/purchase.csv?buyer=carol',
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const [, row = ''] = res.body.split('\r\n');
    expect(row).toContain(`,"Carol;'+1",`);
    expect(row).toContain(`,"x;'=1+1",,'@SUM(1),`);
    // Nothing a spreadsheet would run: no cell, nor part after a ;, starts like a formula.
    const cells = row.split(/[,;]/).map((cell) => cell.replace(/^"/, ''));
    expect(cells.filter((cell) => /^[=+@\t\r]/.test(cell))).toEqual([]);
  });
});
