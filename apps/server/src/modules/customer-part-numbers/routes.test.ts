import {
  CUSTOMER_PART_NUMBERS_CHANGED_MESSAGE,
  MAX_CUSTOMER_PART_NUMBERS,
  numberKey,
  ONLY_COMPANY_ADMINS_MESSAGE,
} from '@shop/contract/customer-part-numbers';
import { parse } from 'csv-parse/sync';
import { describe, expect } from 'vitest';
import { partNumberKey } from '../../db/text-search.js';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { companyWithMembers } from '../../test-support/companies.js';
import { type Caller, test as shopTest } from '../../test-support/fixture.js';
import { placedOrder } from '../../test-support/orders.js';
import { insertParts } from '../../test-support/parts.js';
import { pdfText, squeezed } from '../../test-support/pdf-text.js';
import { bomCustomerNumbers, partsByCustomerNumberKeys } from './index.js';

/**
 * Customer part numbers (docs/api.md, "Customer part numbers"): a buyer's own numbers for the
 * shop's parts, or their company's, which its admins keep and its members read; the search finds
 * parts by them and orders, invoices, packing slips and the CSV export carry them.
 */

interface People {
  /** A company on net-30 terms (its orders are invoiced at once): its admin and one buyer. */
  boss: TestAccount;
  member: TestAccount;
  companyId: string;
  /** Another company's admin and buyer. */
  rivalBoss: TestAccount;
  rival: TestAccount;
  /** A buyer in no company. */
  solo: TestAccount;
}

const test = shopTest.extend('people', { scope: 'file' }, async ({ shop }): Promise<People> => {
  const [boss, member, rivalBoss, rival, solo] = await Promise.all(
    ['Nasrin Boss', 'Rafiq Member', 'Rival Boss', 'Rival Member', 'Solo Buyer'].map((name) =>
      signUp(shop.app, { name }),
    ),
  );
  if (!boss || !member || !rivalBoss || !rival || !solo) throw new Error('sign-up failed');
  const db = shop.database.db;
  const companyId = await companyWithMembers(
    db,
    [
      { uid: boss.uid, role: 'admin' },
      { uid: member.uid, role: 'buyer' },
    ],
    { paymentTerms: 'net30', name: 'Karnaphuli Assemblies Ltd' },
  );
  await companyWithMembers(
    db,
    [
      { uid: rivalBoss.uid, role: 'admin' },
      { uid: rival.uid, role: 'buyer' },
    ],
    { name: 'Rival Works Ltd' },
  );
  return { boss, member, companyId, rivalBoss, rival, solo };
});

const part = (name: string, more: Record<string, unknown> = {}) => ({
  name,
  desc: `${name}, made for this test`,
  img: 'https://example.com/p.webp',
  min_order_quantity: 1,
  available_quantity: 1000,
  price_per_piece: 5,
  ...more,
});

const ids = {} as Record<'tip' | 'fuse' | 'element' | 'gone', string>;
test.beforeAll(async ({ admin, as }) => {
  const add = async (name: string, more: Record<string, unknown> = {}) => {
    const res = await as(admin).post('/api/parts', part(name, more));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  ids.tip = await add('Soldering tip chisel 2.4 mm', { mpn: 'T-24C' });
  ids.fuse = await add('Fuse 10 A 1000 V', { mpn: 'F-10A' });
  ids.element = await add('Heating element 80 W', { mpn: 'HE-80' });
  ids.gone = await add('Discontinued sleeve');
  expect((await as(admin).delete(`/api/partsById?id=${ids.gone}`)).statusCode).toBe(200);
});

const put = (caller: Caller, items: unknown, headers?: Record<string, string>) =>
  caller.put('/api/customer-part-numbers', { items }, headers);
const get = (caller: Caller) => caller.get('/api/customer-part-numbers');
const numbersIn = async (caller: Caller) =>
  (await get(caller))
    .json()
    .items.map((item: { partsId: string; customerPartNumber: string }) => [
      item.partsId,
      item.customerPartNumber,
    ]);

test('the web app compares numbers as the server does', () => {
  for (const text of ['T-24 C', 't24c', 'T/24.C', ' AB\t12 ', 'Ünïcode-Ω 7', 'İ-1'])
    expect(numberKey(text)).toBe(partNumberKey(text));
});

describe('GET and PUT /api/customer-part-numbers', () => {
  test('a buyer in no company keeps their own set, replaced whole, each number with its part', async ({
    as,
    people,
  }) => {
    const solo = as(people.solo);
    const empty = await get(solo);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ items: [], owner: 'user', editable: true });
    expect(empty.headers.etag).toMatch(/^"[\w-]+"$/);

    const res = await put(solo, [
      { partsId: ids.tip, customerPartNumber: ' ACME-TIP-0042 ' },
      { partsId: ids.fuse, customerPartNumber: 'acme fuse 10' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // By number as numbers compare; the part's name and mpn beside each.
    expect(res.json()).toEqual({
      items: [
        {
          partsId: ids.fuse,
          customerPartNumber: 'acme fuse 10',
          partsName: 'Fuse 10 A 1000 V',
          mpn: 'F-10A',
        },
        {
          partsId: ids.tip,
          customerPartNumber: 'ACME-TIP-0042',
          partsName: 'Soldering tip chisel 2.4 mm',
          mpn: 'T-24C',
        },
      ],
      owner: 'user',
      editable: true,
    });
    expect(res.headers.etag).not.toBe(empty.headers.etag);
    expect((await get(solo)).headers.etag).toBe(res.headers.etag);

    // Replaced whole: what the next PUT leaves out is gone.
    expect((await put(solo, [{ partsId: ids.element, customerPartNumber: 'ACME-HEAT-1' }])).statusCode).toBe(
      200,
    );
    expect(await numbersIn(solo)).toEqual([[ids.element, 'ACME-HEAT-1']]);
    expect((await put(solo, [])).statusCode).toBe(200);
    expect(await numbersIn(solo)).toEqual([]);
  });

  test("a company's admins write its set, its members read it, and a member's own set waits out of sight", async ({
    as,
    shop,
    people,
  }) => {
    // A buyer who kept numbers before joining a company.
    const joiner = await signUp(shop.app, { name: 'Late Joiner' });
    expect((await put(as(joiner), [{ partsId: ids.tip, customerPartNumber: 'MINE-1' }])).statusCode).toBe(
      200,
    );

    const set = [{ partsId: ids.tip, customerPartNumber: 'KA-100' }];
    const written = await put(as(people.boss), set);
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject({ owner: 'company', editable: true });

    const read = await get(as(people.member));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      owner: 'company',
      editable: false,
      items: [{ customerPartNumber: 'KA-100' }],
    });

    const refused = await put(as(people.member), [{ partsId: ids.fuse, customerPartNumber: 'X-1' }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'forbidden', message: ONLY_COMPANY_ADMINS_MESSAGE });
    expect(await numbersIn(as(people.boss))).toEqual([[ids.tip, 'KA-100']]);

    await shop.database.db
      .insertInto('company_members')
      .values({
        company_id: people.companyId,
        user_id: joiner.uid,
        role: 'buyer',
        spending_limit: null,
        joined_at: new Date().toISOString(),
      })
      .execute();
    expect(await numbersIn(as(joiner))).toEqual([[ids.tip, 'KA-100']]);
    // Out of the company again: their own set is back.
    await shop.database.db.deleteFrom('company_members').where('user_id', '=', joiner.uid).execute();
    expect(await numbersIn(as(joiner))).toEqual([[ids.tip, 'MINE-1']]);
  });

  test("no buyer reads or writes another's set: each call answers the caller's own", async ({
    as,
    people,
  }) => {
    expect(
      (await put(as(people.boss), [{ partsId: ids.fuse, customerPartNumber: 'KA-SECRET-7' }])).statusCode,
    ).toBe(200);
    for (const outsider of [people.rival, people.rivalBoss, people.solo]) {
      const res = await get(as(outsider));
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('KA-SECRET-7');
    }
    // Another company's admin writes their own company's set, never this one.
    expect(
      (await put(as(people.rivalBoss), [{ partsId: ids.fuse, customerPartNumber: 'KA-SECRET-7' }]))
        .statusCode,
    ).toBe(200);
    expect(await numbersIn(as(people.boss))).toEqual([[ids.fuse, 'KA-SECRET-7']]);
    expect(await numbersIn(as(people.rival))).toEqual([[ids.fuse, 'KA-SECRET-7']]);
    expect((await put(as(people.rivalBoss), [])).statusCode).toBe(200);
    expect(await numbersIn(as(people.boss))).toEqual([[ids.fuse, 'KA-SECRET-7']]);
  });

  test("visitors are asked to sign in; the shop's admins keep no numbers", async ({ as, admin }) => {
    expect((await get(as(null))).statusCode).toBe(401);
    expect((await put(as(null), [])).statusCode).toBe(401);
    expect((await get(as({ accessToken: 'not.a.token' }))).statusCode).toBe(401);
    expect((await get(as(admin))).statusCode).toBe(403);
    const res = await put(as(admin), []);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  test.for([
    ['no items', {}, 'items'],
    ['items not a list', { items: 'T-24C' }, 'items'],
    [
      'an id of the wrong form',
      { items: [{ partsId: 'abc', customerPartNumber: 'X-1' }] },
      'items.0.partsId',
    ],
    [
      'no number',
      { items: [{ partsId: '01900000-0000-7000-8000-000000000001' }] },
      'items.0.customerPartNumber',
    ],
    [
      'an empty number',
      { items: [{ partsId: '01900000-0000-7000-8000-000000000001', customerPartNumber: '  ' }] },
      'items.0.customerPartNumber',
    ],
    [
      'a number of 65 characters',
      { items: [{ partsId: '01900000-0000-7000-8000-000000000001', customerPartNumber: 'A'.repeat(65) }] },
      'items.0.customerPartNumber',
    ],
    [
      'a number of punctuation only',
      { items: [{ partsId: '01900000-0000-7000-8000-000000000001', customerPartNumber: '-./' }] },
      'items.0.customerPartNumber',
    ],
    [
      'a number of two lines',
      { items: [{ partsId: '01900000-0000-7000-8000-000000000001', customerPartNumber: 'A-1\nB-2' }] },
      'items.0.customerPartNumber',
    ],
    [
      'a number that is not text',
      { items: [{ partsId: '01900000-0000-7000-8000-000000000001', customerPartNumber: { a: 1 } }] },
      'items.0.customerPartNumber',
    ],
    [
      'a part twice',
      {
        items: [
          { partsId: '01900000-0000-7000-8000-000000000001', customerPartNumber: 'A-1' },
          { partsId: '01900000-0000-7000-8000-000000000001', customerPartNumber: 'A-2' },
        ],
      },
      'items.1.partsId',
    ],
  ] as const)('refuses %s with 400 naming the field', async ([, body, field], { as, people }) => {
    const res = await as(people.solo).put('/api/customer-part-numbers', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message).toContain(field);
  });

  test('refuses a number given to two parts (as numbers compare) with 422 naming it; nothing changes', async ({
    as,
    people,
  }) => {
    const solo = as(people.solo);
    expect((await put(solo, [{ partsId: ids.tip, customerPartNumber: 'KEEP-1' }])).statusCode).toBe(200);
    const res = await put(solo, [
      { partsId: ids.element, customerPartNumber: 'OK-1' },
      { partsId: ids.tip, customerPartNumber: 'AB-12/C' },
      { partsId: ids.fuse, customerPartNumber: 'ab 12.c' },
    ]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'duplicate_customer_part_number',
      details: [
        { line: 1, partsId: ids.tip },
        { line: 2, partsId: ids.fuse },
      ],
    });
    expect(res.json().error.message).toContain('"AB-12/C"');
    expect(res.json().error.message).toContain('items 1, 2');
    expect(await numbersIn(solo)).toEqual([[ids.tip, 'KEEP-1']]);
  });

  test('refuses a part the catalog does not have, or no longer has, with 422 naming it', async ({
    as,
    people,
  }) => {
    const unknown = '01900000-0000-7000-8000-00000000abcd';
    const res = await put(as(people.solo), [
      { partsId: ids.tip, customerPartNumber: 'T-1' },
      { partsId: unknown, customerPartNumber: 'U-1' },
      { partsId: ids.gone, customerPartNumber: 'G-1' },
    ]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'unknown_part',
      details: [
        { line: 1, partsId: unknown },
        { line: 2, partsId: ids.gone },
      ],
    });
    expect(res.json().error.message).toContain(unknown);
    expect(res.json().error.message).toContain(ids.gone);
  });

  test('refuses other than JSON (415), and a body past its 2 MiB (413)', async ({ as, people }) => {
    const text = await as(people.solo).put('/api/customer-part-numbers', 'items', {
      'content-type': 'text/plain',
    });
    expect(text.statusCode).toBe(415);
    const huge = await as(people.solo).put(
      '/api/customer-part-numbers',
      JSON.stringify({ items: [], padding: 'x'.repeat(2 * 1024 * 1024) }),
      { 'content-type': 'application/json' },
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('too_large');
  });

  test('replaces only the set an If-Match names; another set is current → 412 and nothing changes', async ({
    as,
    people,
  }) => {
    const solo = as(people.solo);
    const first = await put(solo, [{ partsId: ids.tip, customerPartNumber: 'V-1' }]);
    const etag = first.headers.etag as string;
    const next = await put(solo, [{ partsId: ids.tip, customerPartNumber: 'V-2' }], { 'if-match': etag });
    expect(next.statusCode, next.body).toBe(200);
    const stale = await put(solo, [{ partsId: ids.tip, customerPartNumber: 'V-3' }], { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error).toEqual({
      code: 'precondition_failed',
      message: CUSTOMER_PART_NUMBERS_CHANGED_MESSAGE,
    });
    expect(await numbersIn(solo)).toEqual([[ids.tip, 'V-2']]);
    expect((await put(solo, [], { 'if-match': '*' })).statusCode).toBe(200);
  });

  test(`keeps up to ${MAX_CUSTOMER_PART_NUMBERS} numbers of 64 characters, and refuses one more`, async ({
    as,
    shop,
    people,
  }) => {
    const many: string[] = [];
    for (let start = 0; start < MAX_CUSTOMER_PART_NUMBERS; start += 1000)
      many.push(
        ...(await insertParts(
          shop.database.db,
          Array.from({ length: 1000 }, (_, n) => ({ name: `Bulk part ${start + n}` })),
        )),
      );
    const items = many.map((partsId, n) => ({
      partsId,
      customerPartNumber: `${String(n).padStart(6, '0')}-${'Z'.repeat(57)}`,
    }));
    const started = Date.now();
    const res = await put(as(people.solo), items);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().items).toHaveLength(MAX_CUSTOMER_PART_NUMBERS);
    expect(Date.now() - started).toBeLessThan(15_000);
    // Read compressed, the set keeps its (strong) ETag: an If-Match sent back passes.
    const read = await as(people.solo).get('/api/customer-part-numbers', { 'accept-encoding': 'gzip' });
    expect(read.headers['content-encoding']).toBe('gzip');
    expect(read.headers.etag).toBe(res.headers.etag);
    const over = await put(as(people.solo), [...items, { partsId: ids.tip, customerPartNumber: 'ONE-MORE' }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toContain(`at most ${MAX_CUSTOMER_PART_NUMBERS}`);
    expect((await put(as(people.solo), [])).statusCode).toBe(200);
  });

  test('50 PUTs at once leave one of the sets whole', async ({ as, shop, people }) => {
    const parts = await insertParts(
      shop.database.db,
      Array.from({ length: 20 }, (_, n) => ({ name: `Race part ${n}` })),
    );
    // Each set gives the parts numbers of its own, and the same numbers as the set before to
    // other parts: written half over another, a set would clash or be mixed.
    const sets = Array.from({ length: 50 }, (_, s) =>
      parts.map((partsId, n) => ({ partsId, customerPartNumber: `R-${(n + s) % parts.length}` })),
    );
    const answers = await Promise.all(sets.map((set) => put(as(people.boss), set)));
    expect(answers.map((res) => res.statusCode)).toEqual(sets.map(() => 200));
    const kept = await numbersIn(as(people.member));
    const sorted = (pairs: string[][]) => [...pairs].sort((a, b) => ((a[0] ?? '') < (b[0] ?? '') ? -1 : 1));
    expect(
      sets.map((set) => sorted(set.map((item) => [item.partsId, item.customerPartNumber]))),
    ).toContainEqual(sorted(kept));
    expect((await put(as(people.boss), [])).statusCode).toBe(200);
  });
});

describe('finding parts by customer part number', () => {
  test('the search finds the buyer’s own numbers, exact first, then by their start, for them alone', async ({
    as,
    people,
  }) => {
    expect(
      (
        await put(as(people.boss), [
          { partsId: ids.element, customerPartNumber: 'KA-HEAT-80' },
          { partsId: ids.tip, customerPartNumber: 'KA-HEAT-8' },
        ])
      ).statusCode,
    ).toBe(200);
    const search = (caller: Caller, q: string) =>
      caller.get(`/api/catalog/search?${new URLSearchParams({ q })}`);

    // Case, spaces, '-', '/' and '.' ignored; the exact number first, its part carrying it.
    const exact = await search(as(people.member), 'ka heat/8');
    expect(exact.statusCode).toBe(200);
    expect(exact.json().parts.map((p: { _id: string }) => p._id)).toEqual([ids.tip, ids.element]);
    expect(exact.json().parts[0].customerPartNumber).toBe('KA-HEAT-8');
    expect(exact.json().parts[1].customerPartNumber).toBe('KA-HEAT-80');
    expect(exact.json().total).toBe(2);

    const start = await search(as(people.boss), 'KAH');
    expect(
      start
        .json()
        .parts.map((p: { _id: string }) => p._id)
        .sort(),
    ).toEqual([ids.element, ids.tip].sort());
    // Two characters are no start.
    expect((await search(as(people.boss), 'KA')).json().parts).toEqual([]);

    // Nobody else finds them, nor sees them.
    for (const caller of [as(null), as(people.rival), as(people.solo)]) {
      const res = await search(caller, 'KA-HEAT-80');
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(0);
    }
    const byMpn = await search(as(people.rival), 'HE-80');
    expect(byMpn.json().parts[0]).toMatchObject({ _id: ids.element });
    expect(byMpn.json().parts[0].customerPartNumber).toBeUndefined();
    // A token that is no token reads as a visitor's.
    expect((await search(as({ accessToken: 'not.a.token' }), 'KA-HEAT-80')).json().total).toBe(0);
  });

  test("a part's answer carries the signed-in buyer's number, and nobody else's", async ({
    as,
    admin,
    people,
  }) => {
    expect(
      (await put(as(people.boss), [{ partsId: ids.fuse, customerPartNumber: 'KA-FUSE' }])).statusCode,
    ).toBe(200);
    const url = `/api/partsById?id=${ids.fuse}`;
    expect((await as(people.member).get(url)).json().customerPartNumber).toBe('KA-FUSE');
    for (const caller of [as(null), as(people.rival), as(admin), as({ accessToken: 'garbage' })]) {
      const res = await caller.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json().customerPartNumber).toBeUndefined();
    }
  });

  test('partsByCustomerNumberKeys answers key → part for an owner, in one query', async ({
    as,
    shop,
    people,
  }) => {
    expect(
      (
        await put(as(people.boss), [
          { partsId: ids.fuse, customerPartNumber: 'KA-FUSE-10' },
          { partsId: ids.tip, customerPartNumber: 'KA/TIP.24' },
        ])
      ).statusCode,
    ).toBe(200);
    const db = shop.database.db;
    let queries = 0;
    const counting = db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const found = await partsByCustomerNumberKeys(
      counting,
      { kind: 'company', id: people.companyId },
      ['KA-FUSE-10', 'ka tip 24', 'NOPE', ''].map(partNumberKey),
    );
    expect(Object.fromEntries(found)).toEqual({
      kafuse10: { partsId: ids.fuse, number: 'KA-FUSE-10' },
      katip24: { partsId: ids.tip, number: 'KA/TIP.24' },
    });
    expect(queries).toBe(1);
    const none = await partsByCustomerNumberKeys(db, { kind: 'user', id: people.solo.uid }, ['kafuse10']);
    expect(found.size).toBe(2);
    expect(none.size).toBe(0);
  });
});

describe('a bill of materials finds parts by customer part number', () => {
  test("POST /api/bom matches a line by the buyer's company's number, as numbers compare", async ({
    as,
    people,
  }) => {
    expect(
      (await put(as(people.boss), [{ partsId: ids.element, customerPartNumber: 'KA-HEAT-80' }])).statusCode,
    ).toBe(200);
    const res = await as(people.member).post('/api/bom', {
      text: 'Part Number,Qty\nka heat 80,4\nHE-80,2\n',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [own, mpn] = res.json().lines;
    expect(own.match).toMatchObject({ partsId: ids.element, by: 'customerPartNumber' });
    expect(mpn.match).toMatchObject({ partsId: ids.element, by: 'mpn' });
    // Another company's buyer has no such number.
    const other = await as(people.rival).post('/api/bom', { text: 'Part Number,Qty\nKA-HEAT-80,4\n' });
    expect(other.json().lines[0].match?.by).not.toBe('customerPartNumber');
  });

  test('costs the same few queries for 20 lines as for 2,000', async ({ shop, people }) => {
    const db = shop.database.db;
    const caller = {
      id: people.member.uid,
      name: 'Rafiq',
      email: people.member.email,
      role: null,
      sessionId: 's',
    };
    const counted = async (lines: number) => {
      let queries = 0;
      const counting = db.withPlugin({
        transformQuery: (args) => {
          queries += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const found = await bomCustomerNumbers(
        counting,
        caller,
        Array.from({ length: lines }, (_, n) => (n % 2 === 0 ? 'KA-HEAT-80' : `NO-${n}`)),
      );
      expect(found.get('KA-HEAT-80')).toEqual({ partsId: ids.element, number: 'KA-HEAT-80' });
      return queries;
    };
    expect(await counted(2000)).toBe(await counted(20));
    expect(await counted(20)).toBeLessThanOrEqual(2);
  });
});

describe('orders keep the number their part had', () => {
  test("a buyer in no company orders under their own numbers; a company's member under the company's", async ({
    as,
    people,
  }) => {
    expect(
      (await put(as(people.solo), [{ partsId: ids.fuse, customerPartNumber: 'SOLO-FUSE' }])).statusCode,
    ).toBe(200);
    expect(
      (await put(as(people.rivalBoss), [{ partsId: ids.fuse, customerPartNumber: 'RIVAL-FUSE' }])).statusCode,
    ).toBe(200);
    const numberOnLine = async (caller: Caller) => {
      const res = await caller.post('/api/purchase', {
        partsId: ids.fuse,
        quantity: 1,
        mobile: '+880 1712 345678',
        address: 'Dhaka',
      });
      expect(res.statusCode, res.body).toBe(201);
      return (await caller.get(`/api/purchaseById/${res.json().insertedId}`)).json().lines[0]
        .customerPartNumber;
    };
    expect(await numberOnLine(as(people.solo))).toBe('SOLO-FUSE');
    expect(await numberOnLine(as(people.rival))).toBe('RIVAL-FUSE');
    expect((await put(as(people.rivalBoss), [])).statusCode).toBe(200);
    expect(await numberOnLine(as(people.rival))).toBeUndefined();
  });

  test('the order line, its invoice, its packing slip and the CSV export carry it', async ({
    as,
    admin,
    people,
  }) => {
    expect(
      (await put(as(people.boss), [{ partsId: ids.tip, customerPartNumber: 'KA-TIP-0042' }])).statusCode,
    ).toBe(200);
    const orderId = await placedOrder(as(people.member), [
      { partsId: ids.tip, quantity: 3 },
      { partsId: ids.element, quantity: 2 },
    ]);
    // The numbers change later: the order keeps what they were.
    expect(
      (await put(as(people.boss), [{ partsId: ids.tip, customerPartNumber: 'KA-TIP-NEW' }])).statusCode,
    ).toBe(200);
    const order = (await as(people.member).get(`/api/purchaseById/${orderId}`)).json();
    expect(order.lines[0]).toMatchObject({ partsId: ids.tip, customerPartNumber: 'KA-TIP-0042' });
    expect(order.lines[1].customerPartNumber).toBeUndefined();

    const invoice = await as(people.member).get(`/api/purchaseById/${orderId}/invoice`);
    expect(invoice.statusCode, invoice.body.slice(0, 200)).toBe(200);
    expect(squeezed(await pdfText(invoice.rawPayload))).toContain(squeezed('Your part number: KA-TIP-0042'));
    const slip = await as(people.boss).get(`/api/purchaseById/${orderId}/packing-slip`);
    expect(slip.statusCode).toBe(200);
    expect(squeezed(await pdfText(slip.rawPayload))).toContain(squeezed('Your part number: KA-TIP-0042'));

    const csv = await as(admin).get('/api/purchase.csv');
    expect(csv.statusCode).toBe(200);
    const [columns = [], ...rows] = parse(csv.body) as string[][];
    const at = columns.indexOf('customer part number');
    expect(at).toBe(columns.indexOf('part') + 1);
    const ours = rows.filter((row) => row[0] === orderId);
    expect(ours.map((row) => row[at])).toEqual(['KA-TIP-0042', '']);
  });
});

describe('the API documentation', () => {
  test('documents both calls, the ETag and If-Match, the refusals and the parts a buyer reads', async ({
    as,
  }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    const { get, put: write } = doc.paths['/api/customer-part-numbers'];
    expect(Object.keys(get.responses['200'].headers ?? {}).map((h) => h.toLowerCase())).toContain('etag');
    expect(JSON.stringify(get.responses['200'])).toContain('editable');
    const header = write.parameters.find(
      (p: { in: string; name: string }) => p.in === 'header' && p.name.toLowerCase() === 'if-match',
    );
    expect(header?.required).toBeFalsy();
    for (const status of ['200', '400', '401', '403', '412', '413', '422'])
      expect(write.responses[status]).toBeDefined();
    expect(write.description).toMatch(/duplicate_customer_part_number/);
    expect(write.description).toMatch(/unknown_part/);
    expect(JSON.stringify(write.requestBody.content['application/json'].schema)).toContain(
      'customerPartNumber',
    );
    expect(doc.paths['/api/catalog/search'].get.description).toMatch(/customerPartNumber/);
    expect(JSON.stringify(doc.paths['/api/partsById'].get.responses['200'])).toContain('customerPartNumber');
  });
});
