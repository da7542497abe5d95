import { MAX_FLEET_ENTRIES, TOO_MANY_FLEET_ENTRIES_MESSAGE } from '@shop/contract/tools';
import { describe, expect } from 'vitest';
import { newId, nowIso } from '../../clock.js';
import { signUp } from '../../test-support/accounts.js';
import { companyWithMembers } from '../../test-support/companies.js';
import { type Caller, test as shopTest } from '../../test-support/fixture.js';
import { insertPart } from '../../test-support/parts.js';

/** The file's shop, its admin and buyer, and another buyer. */
const test = shopTest.extend('other', { scope: 'file' }, ({ shop }) => signUp(shop.app));

const IMG = `/api/images/${'b'.repeat(64)}.webp`;
let tip: string;
let fuse: string;
let station: string;
let meter: string;
test.beforeAll(async ({ shop, as, admin }) => {
  const db = shop.database.db;
  tip = await insertPart(db, { name: 'Soldering tip (T-24C)', min_order_quantity: 5 });
  fuse = await insertPart(db, { name: 'Fuse 10 A 1000 V (F-10A)', min_order_quantity: 1 });
  const housing = await insertPart(db, { name: 'Housing' });
  const add = async (body: object) => (await as(admin).post('/api/tools', body)).json().insertedId as string;
  station = await add({
    name: 'Soldering station',
    model: 'SS-1',
    img: IMG,
    diagrams: [],
    parts: [
      { partsId: tip, position: '1', quantityPerTool: 2, wear: true },
      { partsId: housing, position: '2', quantityPerTool: 1 },
    ],
  });
  meter = await add({
    name: 'Multimeter',
    model: 'MM-1',
    img: IMG,
    diagrams: [],
    parts: [{ partsId: fuse, position: '5', quantityPerTool: 1, wear: true }],
  });
});

const addEntry = (caller: Caller, body: unknown) => caller.post('/api/my-tools', body as object);
const added = async (caller: Caller, body: unknown): Promise<string> => {
  const res = await addEntry(caller, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId;
};

describe('/api/my-tools', () => {
  test("keeps the buyer's tools with serial numbers and counts, each with its wear parts", async ({
    as,
    other,
  }) => {
    const first = await added(as(other), {
      toolId: station,
      serialNumber: ' SN-0042 ',
      quantity: '3',
      note: 'Bench 2',
    });
    await added(as(other), { toolId: meter, quantity: 1 });
    const res = await as(other).get('/api/my-tools');
    expect(res.statusCode).toBe(200);
    const fleet = res.json();
    expect(fleet).toHaveLength(2);
    expect(fleet[0]).toMatchObject({
      _id: first,
      toolId: station,
      serialNumber: 'SN-0042',
      quantity: 3,
      note: 'Bench 2',
      tool: { _id: station, name: 'Soldering station', model: 'SS-1', img: IMG },
      wearParts: [
        { partsId: tip, partsName: 'Soldering tip (T-24C)', position: '1', quantityPerTool: 2, wear: true },
      ],
    });
    expect(fleet[0].companyId).toBeUndefined();
    expect(fleet[1]).toMatchObject({ toolId: meter, quantity: 1, wearParts: [{ partsId: fuse }] });
    expect(fleet[1].serialNumber).toBeUndefined();

    expect((await as(other).delete(`/api/my-tools/${first}`)).statusCode).toBe(200);
    expect((await as(other).get('/api/my-tools')).json()).toHaveLength(1);
    expect((await as(other).delete(`/api/my-tools/${first}`)).statusCode).toBe(404);
  });

  test("a buyer neither sees nor removes another's entries (404)", async ({ as, buyer, other }) => {
    const theirs = await added(as(other), { toolId: meter, quantity: 2 });
    expect((await as(buyer).get('/api/my-tools')).json().map((e: { _id: string }) => e._id)).not.toContain(
      theirs,
    );
    expect((await as(buyer).delete(`/api/my-tools/${theirs}`)).statusCode).toBe(404);
    expect((await as(other).get('/api/my-tools')).json().map((e: { _id: string }) => e._id)).toContain(
      theirs,
    );
  });

  test("a company's members share one fleet: any member adds and removes, a former member's own comes back", async ({
    shop,
  }) => {
    const db = shop.database.db;
    const boss = await signUp(shop.app);
    const member = await signUp(shop.app);
    const caller = (who: { accessToken: string }) => ({
      post: (body: object) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/my-tools',
          payload: body,
          headers: { authorization: `Bearer ${who.accessToken}` },
        }),
      get: () =>
        shop.app.inject({
          method: 'GET',
          url: '/api/my-tools',
          headers: { authorization: `Bearer ${who.accessToken}` },
        }),
      delete: (id: string) =>
        shop.app.inject({
          method: 'DELETE',
          url: `/api/my-tools/${id}`,
          headers: { authorization: `Bearer ${who.accessToken}` },
        }),
    });
    const own = (await caller(member).post({ toolId: meter, quantity: 1 })).json().insertedId;
    const company = await companyWithMembers(db, [
      { uid: boss.uid, role: 'admin' },
      { uid: member.uid, role: 'buyer' },
    ]);
    const shared = (await caller(member).post({ toolId: station, quantity: 12 })).json().insertedId;
    const seen = (await caller(boss).get()).json();
    expect(seen.map((e: { _id: string }) => e._id)).toEqual([shared]);
    expect(seen[0].companyId).toBe(company);
    expect((await caller(boss).delete(shared)).statusCode).toBe(200);
    expect((await caller(member).get()).json()).toEqual([]);
    // Their own entry, from before they joined, is not the company's: out of reach while they are in it.
    expect((await caller(boss).delete(own)).statusCode).toBe(404);
    await db.deleteFrom('company_members').where('user_id', '=', member.uid).execute();
    expect((await caller(member).get()).json().map((e: { _id: string }) => e._id)).toEqual([own]);
  });

  test.for([
    ['no tool', { quantity: 1 }, 'toolId'],
    ['a tool id of the wrong form', { toolId: 'drill', quantity: 1 }, 'toolId'],
    ['no quantity', { toolId: '0190a000-0000-7000-8000-000000000000' }, 'quantity'],
    ['a quantity of 0', { toolId: '0190a000-0000-7000-8000-000000000000', quantity: 0 }, 'quantity'],
    [
      'a quantity of 100,001',
      { toolId: '0190a000-0000-7000-8000-000000000000', quantity: 100_001 },
      'quantity',
    ],
    ['a fractional quantity', { toolId: '0190a000-0000-7000-8000-000000000000', quantity: 1.5 }, 'quantity'],
    [
      'a serial number of 61 characters',
      { toolId: '0190a000-0000-7000-8000-000000000000', quantity: 1, serialNumber: 's'.repeat(61) },
      'serialNumber',
    ],
    [
      'a serial number with a line break',
      { toolId: '0190a000-0000-7000-8000-000000000000', quantity: 1, serialNumber: 'a\nb' },
      'serialNumber',
    ],
    [
      'a note of 501 characters',
      { toolId: '0190a000-0000-7000-8000-000000000000', quantity: 1, note: 'n'.repeat(501) },
      'note',
    ],
  ] as const)('refuses %s with 400 naming the field', async ([, body, field], { as, buyer }) => {
    const res = await addEntry(as(buyer), body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain(field);
  });

  test('refuses a tool model not in the catalog (unknown or taken out) with 422 unknown_tool; an entry of a taken-out model stays, without wear parts', async ({
    as,
    admin,
    buyer,
  }) => {
    const unknown = await addEntry(as(buyer), {
      toolId: '0190a000-0000-7000-8000-000000000000',
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe('unknown_tool');
    const old = (
      await as(admin).post('/api/tools', {
        name: 'Old station',
        model: 'OLD-1',
        img: IMG,
        diagrams: [],
        parts: [{ partsId: tip, position: '1', quantityPerTool: 1, wear: true }],
      })
    ).json().insertedId;
    const entry = await added(as(buyer), { toolId: old, quantity: 1 });
    await as(admin).delete(`/api/tools/${old}`);
    expect((await addEntry(as(buyer), { toolId: old, quantity: 1 })).json().error.code).toBe('unknown_tool');
    const kept = (await as(buyer).get('/api/my-tools')).json().find((e: { _id: string }) => e._id === entry);
    expect(kept).toMatchObject({ toolId: old, wearParts: [] });
    expect(kept.tool).toBeUndefined();
  });

  test('needs a sign-in', async ({ as }) => {
    expect((await as(null).get('/api/my-tools')).statusCode).toBe(401);
    expect((await as(null).post('/api/my-tools', { toolId: station, quantity: 1 })).statusCode).toBe(401);
    expect((await as(null).delete(`/api/my-tools/${station}`)).statusCode).toBe(401);
  });

  test(`keeps at most ${MAX_FLEET_ENTRIES} entries a fleet, also under 20 adds at once`, async ({
    shop,
    as,
  }) => {
    const crowd = await signUp(shop.app);
    const now = nowIso();
    await shop.database.db
      .insertInto('my_tools')
      .values(
        Array.from({ length: MAX_FLEET_ENTRIES - 5 }, () => ({
          id: newId(),
          user_id: crowd.uid,
          company_id: null,
          tool_id: meter,
          serial_number: null,
          quantity: 1,
          note: null,
          added_by: crowd.uid,
          created_at: now,
        })),
      )
      .execute();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => addEntry(as(crowd), { toolId: station, quantity: 1 })),
    );
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 422)).toHaveLength(15);
    const refused = results.find((res) => res.statusCode === 422);
    expect(refused?.json().error).toMatchObject({
      code: 'too_many_fleet_entries',
      message: TOO_MANY_FLEET_ENTRIES_MESSAGE,
    });
    expect((await as(crowd).get('/api/my-tools')).json()).toHaveLength(MAX_FLEET_ENTRIES);
  });

  test('a company fleet holds the cap under 20 adds at once by its members', async ({ shop }) => {
    const db = shop.database.db;
    const members = await Promise.all(Array.from({ length: 4 }, () => signUp(shop.app)));
    const company = await companyWithMembers(
      db,
      members.map((m, i) => ({ uid: m.uid, role: i === 0 ? ('admin' as const) : ('buyer' as const) })),
    );
    const now = nowIso();
    await db
      .insertInto('my_tools')
      .values(
        Array.from({ length: MAX_FLEET_ENTRIES - 3 }, () => ({
          id: newId(),
          user_id: null,
          company_id: company,
          tool_id: meter,
          serial_number: null,
          quantity: 1,
          note: null,
          added_by: null,
          created_at: now,
        })),
      )
      .execute();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/my-tools',
          payload: { toolId: station, quantity: 1 },
          headers: { authorization: `Bearer ${members[i % 4]?.accessToken}` },
        }),
      ),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(3);
    const count = await db
      .selectFrom('my_tools')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', company)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_FLEET_ENTRIES);
  });
});
