import { describe, expect } from 'vitest';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { companyWithMembers } from '../../test-support/companies.js';
import { type Caller, test as shopTest } from '../../test-support/fixture.js';
import { placedOrder, readOrder } from '../../test-support/orders.js';

/**
 * Contract prices (docs/api.md, "Contract prices"): the shop's admin sets a company's prices, its
 * members read them, see them on the parts and pay them when below the list price.
 */

interface People {
  member: TestAccount;
  companyId: string;
  rival: TestAccount;
  solo: TestAccount;
}

const test = shopTest.extend('people', { scope: 'file' }, async ({ shop }): Promise<People> => {
  const [member, rival, solo] = await Promise.all(
    ['Contract Member', 'Rival Member', 'Solo Buyer'].map((name) => signUp(shop.app, { name })),
  );
  if (!member || !rival || !solo) throw new Error('sign-up failed');
  const db = shop.database.db;
  const companyId = await companyWithMembers(db, [{ uid: member.uid, role: 'admin' }], {
    name: 'Contract Works Ltd',
  });
  await companyWithMembers(db, [{ uid: rival.uid, role: 'admin' }], { name: 'Rival Works Ltd' });
  return { member, companyId, rival, solo };
});

const ids = {} as Record<'tip' | 'fuse' | 'reel' | 'gone', string>;
test.beforeAll(async ({ admin, as }) => {
  const add = async (name: string, price: number, more: Record<string, unknown> = {}) => {
    const res = await as(admin).post('/api/parts', {
      name,
      desc: `${name}, made for this test`,
      img: 'https://example.com/p.webp',
      min_order_quantity: 1,
      available_quantity: 10_000,
      price_per_piece: price,
      ...more,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  ids.tip = await add('Soldering tip chisel 2.4 mm', 20);
  ids.fuse = await add('Fuse 10 A 1000 V', 8);
  // 12 a piece, 6 from 100 pieces.
  ids.reel = await add('Resistor reel 10k', 12, {
    price_breaks: [{ min_quantity: 100, price_per_piece: 6 }],
  });
  ids.gone = await add('Discontinued sleeve', 5);
  expect((await as(admin).delete(`/api/partsById?id=${ids.gone}`)).statusCode).toBe(200);
});

const prices = (caller: Caller, companyId: string) => caller.get(`/api/companies/${companyId}/prices`);
const setPrices = (caller: Caller, companyId: string, items: unknown) =>
  caller.put(`/api/companies/${companyId}/prices`, { items });
const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

describe('contract prices', () => {
  test('the shop admin replaces the list; members and the admin read it; others may not', async ({
    as,
    admin,
    people,
  }) => {
    const { companyId } = people;
    const res = await setPrices(as(admin), companyId, [
      { partsId: ids.tip, unitPrice: 15, validUntil: inAYear },
      { partsId: ids.fuse, unitPrice: 7 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      { partsId: ids.fuse, partsName: 'Fuse 10 A 1000 V', unitPrice: 7, listPrice: 8, expired: false },
      {
        partsId: ids.tip,
        partsName: 'Soldering tip chisel 2.4 mm',
        unitPrice: 15,
        validUntil: inAYear,
        listPrice: 20,
        expired: false,
      },
    ]);
    expect((await prices(as(people.member), companyId)).json()).toEqual(res.json());
    expect((await prices(as(people.rival), companyId)).statusCode).toBe(403);
    expect((await prices(as(people.solo), companyId)).statusCode).toBe(403);
    expect((await prices(as(null), companyId)).statusCode).toBe(401);
    expect((await setPrices(as(people.member), companyId, [])).statusCode).toBe(403);
    expect((await prices(as(admin), '01900000-0000-7000-8000-000000000000')).statusCode).toBe(404);

    // Replaced whole: what the next PUT leaves out is gone.
    expect((await setPrices(as(admin), companyId, [{ partsId: ids.fuse, unitPrice: 6 }])).statusCode).toBe(
      200,
    );
    expect(
      (await prices(as(admin), companyId)).json().items.map((item: { partsId: string }) => item.partsId),
    ).toEqual([ids.fuse]);
    const audit = await as(admin).get(`/api/audit?action=company.contract_prices_set`);
    expect(audit.statusCode, audit.body).toBe(200);
  });

  test('each item has a rule with a clear 4xx', async ({ as, admin, people }) => {
    const put = (items: unknown) => setPrices(as(admin), people.companyId, items);
    for (const items of [
      [{ partsId: ids.tip, unitPrice: 0 }],
      [{ partsId: ids.tip, unitPrice: 1.5 }],
      [{ partsId: ids.tip, unitPrice: 1_000_001 }],
      [{ partsId: ids.tip, unitPrice: 3, validUntil: 'soon' }],
      [
        { partsId: ids.tip, unitPrice: 3 },
        { partsId: ids.tip, unitPrice: 4 },
      ],
      Array.from({ length: 5001 }, (_, i) => ({ partsId: ids.tip, unitPrice: i + 1 })),
    ]) {
      const res = await put(items);
      expect(res.statusCode, JSON.stringify(items).slice(0, 80)).toBe(400);
    }
    const past = await put([
      { partsId: ids.fuse, unitPrice: 3 },
      { partsId: ids.tip, unitPrice: 3, validUntil: '2020-01-01' },
    ]);
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toContain('items.1.validUntil');
    const gone = await put([
      { partsId: ids.fuse, unitPrice: 3 },
      { partsId: ids.gone, unitPrice: 3 },
    ]);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.details).toEqual([{ line: 1, partsId: ids.gone }]);
  });

  test('a price that ran out stays on the list as it is; changed, it must not end in the past', async ({
    as,
    admin,
    people,
    shop,
  }) => {
    const { companyId } = people;
    await setPrices(as(admin), companyId, [{ partsId: ids.fuse, unitPrice: 5, validUntil: inAYear }]);
    await shop.database.db
      .updateTable('contract_prices')
      .set({ valid_until: '2020-01-01' })
      .where('company_id', '=', companyId)
      .execute();
    const expired = { partsId: ids.fuse, unitPrice: 5, validUntil: '2020-01-01' };
    // Kept as it is beside a new one: saved.
    const kept = await setPrices(as(admin), companyId, [expired, { partsId: ids.tip, unitPrice: 12 }]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().items.find((item: { partsId: string }) => item.partsId === ids.fuse)).toMatchObject({
      expired: true,
    });
    // Its price or its day changed into the past: refused.
    for (const changed of [
      { ...expired, unitPrice: 4 },
      { ...expired, validUntil: '2020-01-02' },
    ]) {
      const res = await setPrices(as(admin), companyId, [changed]);
      expect(res.statusCode, JSON.stringify(changed)).toBe(400);
      expect(res.json().error.message).toBe('items.0.validUntil must not be a day in the past');
    }
  });

  test('a member sees the price on the part and pays it when below the list price', async ({
    as,
    admin,
    people,
    shop,
  }) => {
    const { companyId } = people;
    expect(
      (
        await setPrices(as(admin), companyId, [
          { partsId: ids.tip, unitPrice: 15, validUntil: inAYear },
          { partsId: ids.reel, unitPrice: 9 },
          { partsId: ids.fuse, unitPrice: 4 },
        ])
      ).statusCode,
    ).toBe(200);
    // The fuse's price ran out yesterday: it no longer applies.
    await shop.database.db
      .updateTable('contract_prices')
      .set({ valid_until: '2020-01-01' })
      .where('part_id', '=', ids.fuse)
      .execute();

    const part = async (caller: Caller, id: string) => (await caller.get(`/api/partsById?id=${id}`)).json();
    expect((await part(as(people.member), ids.tip)).contractPrice).toEqual({
      unitPrice: 15,
      validUntil: inAYear,
    });
    expect((await part(as(people.member), ids.fuse)).contractPrice).toBeUndefined();
    expect((await part(as(people.rival), ids.tip)).contractPrice).toBeUndefined();
    expect((await part(as(null), ids.tip)).contractPrice).toBeUndefined();
    const found = (await as(people.member).get('/api/catalog/search?q=soldering')).json();
    expect(found.parts.find((p: { _id: string }) => p._id === ids.tip)?.contractPrice?.unitPrice).toBe(15);
    // The catalog's pages too, for the member alone.
    const listed = async (caller: Caller) =>
      (await caller.get('/api/parts?limit=100')).json().find((p: { _id: string }) => p._id === ids.tip);
    expect((await listed(as(people.member))).contractPrice?.unitPrice).toBe(15);
    expect((await listed(as(people.rival))).contractPrice).toBeUndefined();
    expect((await listed(as(null))).contractPrice).toBeUndefined();

    const lines = [
      { partsId: ids.tip, quantity: 2 },
      { partsId: ids.fuse, quantity: 1 },
      // 100 pieces: the price break (6) is below the contract price (9).
      { partsId: ids.reel, quantity: 100 },
    ];
    const unitPrices = async (caller: Caller) =>
      (await readOrder(caller, await placedOrder(caller, lines))).lines.map(
        (line: { unitPrice: number }) => line.unitPrice,
      );
    expect(await unitPrices(as(people.member))).toEqual([15, 8, 6]);
    expect(await unitPrices(as(people.solo))).toEqual([20, 8, 6]);
    // A bill of materials prices its lines as the order would.
    const bom = await as(people.member).post('/api/bom', {
      text: `Part Number,Qty\n${ids.tip},2\n${ids.fuse},1`,
    });
    expect(bom.statusCode, bom.body).toBe(200);
    expect(bom.json().lines.map((line: { unitPrice: number }) => line.unitPrice)).toEqual([15, 8]);
    const few = await placedOrder(as(people.member), [{ partsId: ids.reel, quantity: 10 }]);
    expect((await readOrder(as(people.member), few)).lines[0].unitPrice).toBe(9);
  });
});
