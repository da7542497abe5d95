import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpAdmin, type TestAccount } from '../../test-support/accounts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

/** A part's price breaks (docs/api.md): set with the part by an admin, each tier checked. */
let shop: TestShop;
let admin: TestAccount;
beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  admin = await signUpAdmin(shop.app, shop.database.db);
});
afterAll(async () => {
  await shop.close();
});

const valid = {
  name: 'Crimping Tool for Dupont Connectors',
  desc: 'Ratchet crimper',
  img: 'https://example.com/crimper.webp',
  min_order_quantity: 10,
  available_quantity: 5000,
  price_per_piece: 12,
};
const BREAKS = [
  { min_quantity: 100, price_per_piece: 11 },
  { min_quantity: 500, price_per_piece: 9 },
  { min_quantity: 1000, price_per_piece: 8 },
];

const create = (body: unknown) =>
  shop.app.inject({ method: 'POST', url: '/api/parts', headers: bearer(admin), payload: body as object });
const edit = (id: string, body: unknown) =>
  shop.app.inject({
    method: 'PUT',
    url: `/api/partsById?id=${id}`,
    headers: bearer(admin),
    payload: body as object,
  });
const partOf = async (id: string) =>
  (await shop.app.inject({ method: 'GET', url: `/api/partsById?id=${id}` })).json();
const newPart = async (body: unknown = { ...valid, price_breaks: BREAKS }) => {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId as string;
};

/** Wrong tiers, each with the field the answer names (on a part of minimum 10, $12 a piece). */
const WRONG: [string, unknown, string][] = [
  [
    'a min_quantity not above min_order_quantity',
    [{ min_quantity: 10, price_per_piece: 11 }],
    'price_breaks.0.min_quantity',
  ],
  [
    'min_quantities not rising (equal)',
    [
      { min_quantity: 100, price_per_piece: 11 },
      { min_quantity: 100, price_per_piece: 10 },
    ],
    'price_breaks.1.min_quantity',
  ],
  [
    'min_quantities not rising (falling)',
    [
      { min_quantity: 100, price_per_piece: 11 },
      { min_quantity: 500, price_per_piece: 10 },
      { min_quantity: 200, price_per_piece: 9 },
    ],
    'price_breaks.2.min_quantity',
  ],
  [
    'a price not below price_per_piece',
    [{ min_quantity: 100, price_per_piece: 12 }],
    'price_breaks.0.price_per_piece',
  ],
  [
    'prices not falling',
    [
      { min_quantity: 100, price_per_piece: 11 },
      { min_quantity: 500, price_per_piece: 11 },
    ],
    'price_breaks.1.price_per_piece',
  ],
  [
    'a fractional min_quantity',
    [{ min_quantity: 100.5, price_per_piece: 11 }],
    'price_breaks.0.min_quantity',
  ],
  ['a fractional price', [{ min_quantity: 100, price_per_piece: 10.5 }], 'price_breaks.0.price_per_piece'],
  ['a price of 0', [{ min_quantity: 100, price_per_piece: 0 }], 'price_breaks.0.price_per_piece'],
  ['a price as text', [{ min_quantity: 100, price_per_piece: 'cheap' }], 'price_breaks.0.price_per_piece'],
  ['a missing min_quantity', [{ price_per_piece: 11 }], 'price_breaks.0.min_quantity'],
  [
    'more than 10 breaks',
    Array.from({ length: 11 }, (_, i) => ({ min_quantity: 100 * (i + 1), price_per_piece: 11 - i })),
    'price_breaks',
  ],
  ['breaks that are not a list', { min_quantity: 100, price_per_piece: 11 }, 'price_breaks'],
];

describe('price breaks on POST /api/parts', () => {
  it('stores the breaks and answers them with the part, in the catalog too', async () => {
    const id = await newPart();
    expect(await partOf(id)).toMatchObject({ ...valid, price_breaks: BREAKS });
    const found = (await shop.app.inject({ method: 'GET', url: '/api/parts?q=crimping' })).json();
    expect(found.find((part: { _id: string }) => part._id === id)?.price_breaks).toEqual(BREAKS);
  });

  it('takes whole numbers sent as text, and a part with no breaks has an empty list', async () => {
    const id = await newPart({ ...valid, price_breaks: [{ min_quantity: '100', price_per_piece: '11' }] });
    expect((await partOf(id)).price_breaks).toEqual([{ min_quantity: 100, price_per_piece: 11 }]);
    expect((await partOf(await newPart(valid))).price_breaks).toEqual([]);
  });

  it.each(WRONG)('refuses %s with 400 naming the field', async (_label, price_breaks, field) => {
    const res = await create({ ...valid, price_breaks });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message.startsWith(`${field} `), res.json().error.message).toBe(true);
  });
});

describe('price breaks on PUT /api/partsById', () => {
  it.each(WRONG)(
    'refuses %s with 400 naming the field, keeping the part',
    async (_label, price_breaks, field) => {
      const id = await newPart();
      const res = await edit(id, { ...valid, price_breaks });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message.startsWith(`${field} `), res.json().error.message).toBe(true);
      expect((await partOf(id)).price_breaks).toEqual(BREAKS);
    },
  );

  it('keeps the breaks when the body names none, replaces them when it does, and clears them with []', async () => {
    const id = await newPart();
    expect((await edit(id, { ...valid, available_quantity: 6000 })).statusCode).toBe(200);
    expect(await partOf(id)).toMatchObject({ available_quantity: 6000, price_breaks: BREAKS });
    const fewer = [{ min_quantity: 50, price_per_piece: 10 }];
    expect((await edit(id, { ...valid, price_breaks: fewer })).statusCode).toBe(200);
    expect((await partOf(id)).price_breaks).toEqual(fewer);
    expect((await edit(id, { ...valid, price_breaks: [] })).statusCode).toBe(200);
    expect((await partOf(id)).price_breaks).toEqual([]);
  });

  it('refuses a new price or minimum that the kept breaks no longer fit, changing nothing', async () => {
    const id = await newPart();
    const cheaper = await edit(id, { ...valid, price_per_piece: 11 });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().error.code).toBe('validation');
    expect(cheaper.json().error.message).toMatch(
      /^price_breaks\.0\.price_per_piece must be below price_per_piece \(11\)/,
    );
    const higherMinimum = await edit(id, { ...valid, min_order_quantity: 100 });
    expect(higherMinimum.statusCode).toBe(400);
    expect(higherMinimum.json().error.message).toMatch(/^price_breaks\.0\.min_quantity /);
    expect(await partOf(id)).toMatchObject({ ...valid, price_breaks: BREAKS });
    // With breaks that fit, the same change is taken.
    const fitting = await edit(id, {
      ...valid,
      price_per_piece: 11,
      price_breaks: [{ min_quantity: 500, price_per_piece: 9 }],
    });
    expect(fitting.statusCode).toBe(200);
    expect(await partOf(id)).toMatchObject({
      price_per_piece: 11,
      price_breaks: [{ min_quantity: 500, price_per_piece: 9 }],
    });
  });

  it('writes the breaks into the audit log, before and after', async () => {
    const id = await newPart();
    const fewer = [{ min_quantity: 200, price_per_piece: 10 }];
    expect((await edit(id, { ...valid, price_breaks: fewer })).statusCode).toBe(200);
    expect((await edit(id, { ...valid, available_quantity: 4000 })).statusCode).toBe(200);
    const entries = await shop.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('subject_id', '=', id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    const json = (text: string | null) => (text ? JSON.parse(text) : null);
    expect(
      entries.map((entry) => [
        entry.action,
        json(entry.before)?.price_breaks,
        json(entry.after)?.price_breaks,
      ]),
    ).toEqual([
      ['part.created', undefined, BREAKS],
      ['part.edited', BREAKS, fewer],
      ['part.edited', fewer, fewer],
    ]);
  });
});
