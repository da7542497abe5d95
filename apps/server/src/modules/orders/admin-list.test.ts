import { describe, expect } from 'vitest';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';

/**
 * Alice (a name that is a formula), Bob and Dave, and their orders, made before any test: Alice's
 * two (a probe to an address that is a formula, a crimper), Bob's paid probe, Dave's two lines.
 */
const test = shopTest
  .extend('alice', { scope: 'file' }, ({ shop }) =>
    signUp(shop.app, { name: '=cmd|calc', email: 'alice-orders@example.com' }),
  )
  .extend('bob', { scope: 'file' }, ({ shop }) => signUp(shop.app, { email: 'bob-orders@example.com' }))
  .extend('dave', { scope: 'file' }, ({ shop }) => signUp(shop.app, { email: 'dave-orders@example.com' }))
  .extend('ids', { scope: 'file', auto: true }, async ({ shop, as, admin, alice, bob, dave }) => {
    const ids: Record<string, string> = {};
    const addPart = async (name: string) =>
      (
        await as(admin).post('/api/parts', {
          name,
          desc: 'D',
          img: 'https://example.com/p.webp',
          min_order_quantity: 1,
          available_quantity: 100,
          price_per_piece: 5,
        })
      ).json().insertedId as string;
    const probe = await addPart('Ω Probe 100%');
    const crimper = await addPart('Crimper');
    const buy = async (who: TestAccount, partsId: string, address: string) =>
      (
        await as(who).post('/api/purchase', { partsId, quantity: 2, mobile: '+880 1712 345678', address })
      ).json().insertedId as string;
    ids.aliceProbe = await buy(alice, probe, '=HYPERLINK("http://evil.example","click")');
    ids.aliceCrimper = await buy(alice, crimper, 'Road 1, "Block" B, Dhaka');
    ids.bobProbe = await buy(bob, probe, 'Chattogram');
    // An order of two lines: the crimper first, the probe second.
    ids.daveTwoLines = (
      await as(dave).post('/api/orders', {
        lines: [
          { partsId: crimper, quantity: 3 },
          { partsId: probe, quantity: 4 },
        ],
        mobile: '+880 1712 345678',
        address: 'Sylhet',
        poNumber: 'PO-7781',
      })
    ).json().insertedId as string;
    await shop.database.db
      .updateTable('orders')
      .set({ payment_id: 'pi_test_paid1', paid_at: new Date().toISOString() })
      .where('id', '=', ids.bobProbe)
      .execute();
    return ids;
  })
  .extend('list', { scope: 'file' }, ({ as, admin }) => async (query: string) => {
    const res = await as(admin).get(`/api/purchase?${query}`);
    return { res, ids: res.statusCode === 200 ? res.json().map((o: { _id: string }) => o._id) : [] };
  });

describe('Manage All Order filters', () => {
  test('filter by state, a piece of the buyer email and a piece of the part name (literally)', async ({
    ids,
    list,
  }) => {
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

  test.for(['state=open', `buyer=${'x'.repeat(300)}`, 'part=a%00b'])(
    'refuses %s with 400',
    async (query, { list }) => {
      expect((await list(query)).res.statusCode).toBe(400);
    },
  );
});

describe('GET /api/purchase.csv', () => {
  test('exports the filtered orders as RFC 4180 CSV with formulas neutralised, to admins only', async ({
    as,
    admin,
    alice,
  }) => {
    const res = await as(admin).get('/api/purchase.csv?buyer=alice');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'order,number,line,placed,buyer,email,mobile,address,PO number,part,customer part number,quantity,unit price,price,reference,state,payment,paid,fulfilment,carrier,tracking number,shipped,delivered,pieces allocated,pieces waiting,pieces shipped,pieces dropped',
    );
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toBe('');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(res.body).toContain(`'=cmd|calc`);
    expect(res.body).toContain('"Road 1, ""Block"" B, Dhaka"');
    expect(res.body).not.toContain('bob-orders');
    expect((await as(alice).get('/api/purchase.csv')).statusCode).toBe(403);
    expect((await as(null).get('/api/purchase.csv')).statusCode).toBe(401);
  });

  test('gives a row per line of an order, numbered from 1, with its PO number and its own price', async ({
    as,
    admin,
    ids,
  }) => {
    const res = await as(admin).get('/api/purchase.csv?buyer=dave');
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

  test('neutralises formulas in a part name and an address, at the start of a cell and after a ;', async ({
    shop,
    as,
    admin,
  }) => {
    const part = (
      await as(admin).post('/api/parts', {
        name: '@SUM(1)',
        desc: 'D',
        img: 'https://example.com/p.webp',
        min_order_quantity: 1,
        available_quantity: 10,
        price_per_piece: 5,
      })
    ).json().insertedId as string;
    const carol = await signUp(shop.app, { name: 'Carol;+1', email: 'carol-orders@example.com' });
    const bought = await as(carol).post('/api/purchase', {
      partsId: part,
      quantity: 1,
      mobile: '+880 1712 345678',
      address: 'x;=1+1',
    });
    expect(bought.statusCode).toBe(201);
    const res = await as(admin).get('/api/purchase.csv?buyer=carol');
    expect(res.statusCode).toBe(200);
    const [, row = ''] = res.body.split('\r\n');
    expect(row).toContain(`,"Carol;'+1",`);
    expect(row).toContain(`,"x;'=1+1",,'@SUM(1),`);
    // Nothing a spreadsheet would run: no cell, nor part after a ;, starts like a formula.
    const cells = row.split(/[,;]/).map((cell) => cell.replace(/^"/, ''));
    expect(cells.filter((cell) => /^[=+@\t\r]/.test(cell))).toEqual([]);
  });
});
