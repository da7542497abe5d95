import { describe, expect } from 'vitest';
import { type Caller, test } from '../../test-support/fixture.js';

/** A part's price breaks (docs/api.md): set with the part by an admin, each tier checked. */

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

const create = (admin: Caller, body: unknown) => admin.post('/api/parts', body as object);
const edit = (admin: Caller, id: string, body: unknown) =>
  admin.put(`/api/partsById?id=${id}`, body as object);
const partOf = async (visitor: Caller, id: string) => (await visitor.get(`/api/partsById?id=${id}`)).json();
const newPart = async (admin: Caller, body: unknown = { ...valid, price_breaks: BREAKS }) => {
  const res = await create(admin, body);
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
  test('stores the breaks and answers them with the part, in the catalog too', async ({ as, admin }) => {
    const id = await newPart(as(admin));
    expect(await partOf(as(null), id)).toMatchObject({ ...valid, price_breaks: BREAKS });
    const found = (await as(null).get('/api/parts?q=crimping')).json();
    expect(found.find((part: { _id: string }) => part._id === id)?.price_breaks).toEqual(BREAKS);
  });

  test('takes whole numbers sent as text, and a part with no breaks has an empty list', async ({
    as,
    admin,
  }) => {
    const id = await newPart(as(admin), {
      ...valid,
      price_breaks: [{ min_quantity: '100', price_per_piece: '11' }],
    });
    expect((await partOf(as(null), id)).price_breaks).toEqual([{ min_quantity: 100, price_per_piece: 11 }]);
    expect((await partOf(as(null), await newPart(as(admin), valid))).price_breaks).toEqual([]);
  });

  test.for(WRONG)(
    'refuses %s with 400 naming the field',
    async ([_label, price_breaks, field], { as, admin }) => {
      const res = await create(as(admin), { ...valid, price_breaks });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('validation');
      expect(res.json().error.message.startsWith(`${field} `), res.json().error.message).toBe(true);
    },
  );
});

describe('price breaks on PUT /api/partsById', () => {
  test.for(WRONG)(
    'refuses %s with 400 naming the field, keeping the part',
    async ([_label, price_breaks, field], { as, admin }) => {
      const id = await newPart(as(admin));
      const res = await edit(as(admin), id, { ...valid, price_breaks });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message.startsWith(`${field} `), res.json().error.message).toBe(true);
      expect((await partOf(as(null), id)).price_breaks).toEqual(BREAKS);
    },
  );

  test('keeps the breaks when the body names none, replaces them when it does, and clears them with []', async ({
    as,
    admin,
  }) => {
    const id = await newPart(as(admin));
    expect((await edit(as(admin), id, { ...valid, available_quantity: 6000 })).statusCode).toBe(200);
    expect(await partOf(as(null), id)).toMatchObject({ available_quantity: 6000, price_breaks: BREAKS });
    const fewer = [{ min_quantity: 50, price_per_piece: 10 }];
    expect((await edit(as(admin), id, { ...valid, price_breaks: fewer })).statusCode).toBe(200);
    expect((await partOf(as(null), id)).price_breaks).toEqual(fewer);
    expect((await edit(as(admin), id, { ...valid, price_breaks: [] })).statusCode).toBe(200);
    expect((await partOf(as(null), id)).price_breaks).toEqual([]);
  });

  test('refuses a new price or minimum that the kept breaks no longer fit, changing nothing', async ({
    as,
    admin,
  }) => {
    const id = await newPart(as(admin));
    const cheaper = await edit(as(admin), id, { ...valid, price_per_piece: 11 });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().error.code).toBe('validation');
    expect(cheaper.json().error.message).toMatch(
      /^price_breaks\.0\.price_per_piece must be below price_per_piece \(11\)/,
    );
    const higherMinimum = await edit(as(admin), id, { ...valid, min_order_quantity: 100 });
    expect(higherMinimum.statusCode).toBe(400);
    expect(higherMinimum.json().error.message).toMatch(/^price_breaks\.0\.min_quantity /);
    expect(await partOf(as(null), id)).toMatchObject({ ...valid, price_breaks: BREAKS });
    // With breaks that fit, the same change is taken.
    const fitting = await edit(as(admin), id, {
      ...valid,
      price_per_piece: 11,
      price_breaks: [{ min_quantity: 500, price_per_piece: 9 }],
    });
    expect(fitting.statusCode).toBe(200);
    expect(await partOf(as(null), id)).toMatchObject({
      price_per_piece: 11,
      price_breaks: [{ min_quantity: 500, price_per_piece: 9 }],
    });
  });

  test('writes the breaks into the audit log, before and after', async ({ shop, as, admin }) => {
    const id = await newPart(as(admin));
    const fewer = [{ min_quantity: 200, price_per_piece: 10 }];
    expect((await edit(as(admin), id, { ...valid, price_breaks: fewer })).statusCode).toBe(200);
    expect((await edit(as(admin), id, { ...valid, available_quantity: 4000 })).statusCode).toBe(200);
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
