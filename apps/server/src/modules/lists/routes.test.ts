import { MAX_LIST_LINES, MAX_LISTS, TOO_MANY_LISTS_MESSAGE } from '@shop/contract/lists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../../test-support/accounts.js';
import { insertPart, insertParts } from '../../test-support/parts.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

let shop: TestShop;
let admin: TestAccount;
let buyer: TestAccount;
let other: TestAccount;
let bolt: string;
let nut: string;

beforeAll(async () => {
  shop = await createTestShop({ demo: false });
  admin = await signUpAdmin(shop.app, shop.database.db);
  [buyer, other] = [await signUp(shop.app), await signUp(shop.app)];
  bolt = await insertPart(shop.database.db, {
    name: 'M8 bolt',
    price_per_piece: 5,
    available_quantity: 300,
    min_order_quantity: 10,
    price_breaks: JSON.stringify([
      { min_quantity: 100, price_per_piece: 4 },
      { min_quantity: 500, price_per_piece: 3 },
    ]),
  });
  nut = await insertPart(shop.database.db, { name: 'M8 nut', price_per_piece: 2, available_quantity: 0 });
});
afterAll(async () => {
  await shop.close();
});

type Who = TestAccount | null;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  shop.app.inject({
    method,
    url,
    headers: who ? bearer(who) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const save = (who: Who, body: unknown) => call(who, 'POST', '/api/lists', body);
const read = (who: Who, id: string) => call(who, 'GET', `/api/lists/${id}`);
const saved = async (who: TestAccount, body: unknown): Promise<string> => {
  const res = await save(who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId;
};

describe('POST /api/lists and GET /api/lists/{id}', () => {
  it('saves a named list and reads it back with each part as the catalog has it now', async () => {
    const id = await saved(buyer, {
      name: '  Monthly restock  ',
      lines: [
        { partsId: bolt, quantity: 250 },
        { partsId: nut, quantity: '1' },
      ],
      _id: 'ignored',
    });
    const res = await read(buyer, id);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toEqual({
      _id: id,
      name: 'Monthly restock',
      lines: [
        {
          partsId: bolt,
          quantity: 250,
          part: {
            name: 'M8 bolt',
            price_per_piece: 5,
            available_quantity: 300,
            min_order_quantity: 10,
            price_breaks: [
              { min_quantity: 100, price_per_piece: 4 },
              { min_quantity: 500, price_per_piece: 3 },
            ],
          },
        },
        // Out of stock, and below the part's minimum: a list is not checked against stock.
        {
          partsId: nut,
          quantity: 1,
          part: {
            name: 'M8 nut',
            price_per_piece: 2,
            available_quantity: 0,
            min_order_quantity: 10,
            price_breaks: [],
          },
        },
      ],
      createdAt: expect.any(String),
      updatedAt: list.createdAt,
    });
  });

  it('takes an empty list and up to 100 lines, and a quantity as large as any order', async () => {
    const empty = await saved(buyer, { name: 'To fill later', lines: [] });
    expect((await read(buyer, empty)).json().lines).toEqual([]);
    const many = await insertParts(
      shop.database.db,
      Array.from({ length: MAX_LIST_LINES }, (_, i) => ({ name: `List part ${i}` })),
    );
    const full = await saved(buyer, {
      name: 'Everything',
      lines: many.map((partsId, i) => ({ partsId, quantity: i === 0 ? 1_000_000_000 : i + 1 })),
    });
    const lines = (await read(buyer, full)).json().lines;
    expect(lines.map((l: { partsId: string }) => l.partsId)).toEqual(many);
    expect(lines[0].quantity).toBe(1_000_000_000);
  });

  it.each([
    ['no name', { lines: [] }, 'name'],
    ['an empty name', { name: '   ', lines: [] }, 'name'],
    ['a name of 101 characters', { name: 'x'.repeat(101), lines: [] }, 'name'],
    ['a name that is an object', { name: {}, lines: [] }, 'name'],
    ['no lines', { name: 'L' }, 'lines'],
    ['lines that are not a list', { name: 'L', lines: { partsId: 'x' } }, 'lines'],
    ['lines as text', { name: 'L', lines: 'bolts' }, 'lines'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const res = await save(buyer, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message).toContain(field);
  });

  it('refuses 101 lines', async () => {
    const lines = Array.from({ length: MAX_LIST_LINES + 1 }, () => ({
      partsId: crypto.randomUUID(),
      quantity: 1,
    }));
    const res = await save(buyer, { name: 'Too long', lines });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('must have at most 100 lines');
  });

  it('refuses a part on two lines', async () => {
    const res = await save(buyer, {
      name: 'Twice',
      lines: [
        { partsId: bolt, quantity: 10 },
        { partsId: bolt, quantity: 20 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('names a part already on another line');
  });

  it.each([[0], [-1], [1.5], [1e21], [1_000_000_001], ['abc'], [true], [null]])(
    'refuses the quantity %s with 400',
    async (quantity) => {
      const res = await save(buyer, { name: 'Bad quantity', lines: [{ partsId: bolt, quantity }] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('validation');
      expect(res.json().error.message).toContain('quantity');
    },
  );

  it('refuses a line without a part, or with a malformed part id', async () => {
    for (const line of [{ quantity: 1 }, { partsId: 'bolt', quantity: 1 }]) {
      const res = await save(buyer, { name: 'No part', lines: [line] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('partsId');
    }
  });

  it('refuses parts that are not in the catalog with 404, naming every such line, and saves nothing', async () => {
    const gone = await insertPart(shop.database.db, {
      name: 'Gone part',
      deleted_at: new Date().toISOString(),
    });
    const unknown = crypto.randomUUID();
    const before = (await call(other, 'GET', '/api/lists')).headers['x-total-count'];
    const res = await save(other, {
      name: 'Ghosts',
      lines: [
        { partsId: unknown, quantity: 1 },
        { partsId: bolt, quantity: 1 },
        { partsId: gone, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'No such part',
        details: [
          { line: 0, partsId: unknown },
          { line: 2, partsId: gone },
        ],
      },
    });
    expect((await call(other, 'GET', '/api/lists')).headers['x-total-count']).toBe(before);
  });

  it('keeps a line whose part was deleted after saving, without its part', async () => {
    const part = await insertPart(shop.database.db, { name: 'Soon gone' });
    const id = await saved(buyer, {
      name: 'Outlived',
      lines: [
        { partsId: part, quantity: 20 },
        { partsId: bolt, quantity: 30 },
      ],
    });
    const deleted = await call(admin, 'DELETE', `/api/partsById?id=${part}`);
    expect(deleted.statusCode).toBe(200);
    const lines = (await read(buyer, id)).json().lines;
    expect(lines[0]).toEqual({ partsId: part, quantity: 20 });
    expect(lines[1].part.name).toBe('M8 bolt');
    // Saving the list again with the deleted part is refused; without it, it is saved.
    const again = await call(buyer, 'PUT', `/api/lists/${id}`, { name: 'Outlived', lines });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.details).toEqual([{ line: 0, partsId: part }]);
    const without = await call(buyer, 'PUT', `/api/lists/${id}`, { name: 'Outlived', lines: lines.slice(1) });
    expect(without.statusCode).toBe(200);
  });

  it('shows the part as it is today: a new price, new stock, new breaks', async () => {
    const part = await insertPart(shop.database.db, { name: 'Changing part', price_per_piece: 9 });
    const id = await saved(buyer, { name: 'Today', lines: [{ partsId: part, quantity: 50 }] });
    await shop.database.db
      .updateTable('parts')
      .set({
        price_per_piece: 8,
        available_quantity: 7,
        price_breaks: JSON.stringify([{ min_quantity: 40, price_per_piece: 6 }]),
      })
      .where('id', '=', part)
      .execute();
    expect((await read(buyer, id)).json().lines[0].part).toEqual({
      name: 'Changing part',
      price_per_piece: 8,
      available_quantity: 7,
      min_order_quantity: 10,
      price_breaks: [{ min_quantity: 40, price_per_piece: 6 }],
    });
  });
});

describe('who may use saved lists', () => {
  it('answers a visitor 401 and an admin 403 on every call', async () => {
    const id = await saved(buyer, { name: 'Mine', lines: [] });
    const body = { name: 'L', lines: [] };
    const calls = [
      ['GET', '/api/lists', undefined],
      ['POST', '/api/lists', body],
      ['GET', `/api/lists/${id}`, undefined],
      ['PUT', `/api/lists/${id}`, body],
      ['DELETE', `/api/lists/${id}`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const visitor = await call(null, method, url, payload);
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      expect(visitor.json().error.code).toBe('unauthenticated');
      const asAdmin = await call(admin, method, url, payload);
      expect(asAdmin.statusCode, `${method} ${url}`).toBe(403);
      expect(asAdmin.json().error.code).toBe('forbidden');
    }
    expect((await read(buyer, id)).json().name).toBe('Mine');
  });

  it("answers another user's list with 403, and one that does not exist with 404", async () => {
    const id = await saved(buyer, { name: 'Private', lines: [{ partsId: bolt, quantity: 10 }] });
    const body = { name: 'Taken over', lines: [] };
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', body],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(other, method, `/api/lists/${id}`, payload);
      expect(res.statusCode, method).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      const none = await call(other, method, `/api/lists/${crypto.randomUUID()}`, payload);
      expect(none.statusCode, method).toBe(404);
      expect(none.json().error.code).toBe('not_found');
      const malformed = await call(other, method, '/api/lists/not-an-id', payload);
      expect(malformed.statusCode, method).toBe(400);
    }
    const list = (await read(buyer, id)).json();
    expect(list.name).toBe('Private');
    expect(list.lines).toHaveLength(1);
    const others = (await call(other, 'GET', '/api/lists')).json();
    expect(others.map((l: { _id: string }) => l._id)).not.toContain(id);
  });
});

describe('GET /api/lists', () => {
  it("pages the caller's own lists, newest first, with x-total-count", async () => {
    const owner = await signUp(shop.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await saved(owner, { name: `List ${i}`, lines: [{ partsId: bolt, quantity: i + 1 }] }));
    const all = await call(owner, 'GET', '/api/lists');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('5');
    expect(all.json().map((l: { _id: string }) => l._id)).toEqual([...ids].reverse());
    expect(all.json()[0].lines).toEqual([
      { partsId: bolt, quantity: 5, part: expect.objectContaining({ name: 'M8 bolt' }) },
    ]);
    const page = await call(owner, 'GET', '/api/lists?limit=2&offset=1');
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json().map((l: { _id: string }) => l._id)).toEqual([ids[3], ids[2]]);
    const past = await call(owner, 'GET', '/api/lists?offset=10');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
    expect((await call(owner, 'GET', '/api/lists?limit=-1')).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/api/lists?offset=x')).statusCode).toBe(400);
  });
});

describe('PUT and DELETE /api/lists/{id}', () => {
  it('replaces the name and every line, and moves updatedAt', async () => {
    const id = await saved(buyer, {
      name: 'Before',
      lines: [
        { partsId: bolt, quantity: 10 },
        { partsId: nut, quantity: 20 },
      ],
    });
    const before = (await read(buyer, id)).json();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await call(buyer, 'PUT', `/api/lists/${id}`, {
      name: ' After ',
      lines: [{ partsId: nut, quantity: 3 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    const after = (await read(buyer, id)).json();
    expect(after.name).toBe('After');
    expect(after.lines.map((l: { partsId: string; quantity: number }) => [l.partsId, l.quantity])).toEqual([
      [nut, 3],
    ]);
    expect(after.createdAt).toBe(before.createdAt);
    expect(after.updatedAt > before.updatedAt).toBe(true);
  });

  it('refuses a bad replacement with the rules of a new list and keeps the list as it was', async () => {
    const id = await saved(buyer, { name: 'Kept', lines: [{ partsId: bolt, quantity: 10 }] });
    for (const body of [
      { lines: [] },
      { name: 'Kept', lines: [{ partsId: bolt, quantity: 0 }] },
      {
        name: 'Kept',
        lines: [
          { partsId: nut, quantity: 1 },
          { partsId: nut, quantity: 2 },
        ],
      },
    ]) {
      expect((await call(buyer, 'PUT', `/api/lists/${id}`, body)).statusCode).toBe(400);
    }
    const list = (await read(buyer, id)).json();
    expect(list.name).toBe('Kept');
    expect(list.lines).toHaveLength(1);
  });

  it('deletes a list and its lines; a second delete is a 404', async () => {
    const id = await saved(buyer, { name: 'Short-lived', lines: [{ partsId: bolt, quantity: 10 }] });
    const res = await call(buyer, 'DELETE', `/api/lists/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    expect((await read(buyer, id)).statusCode).toBe(404);
    expect((await call(buyer, 'DELETE', `/api/lists/${id}`)).statusCode).toBe(404);
    const lines = await shop.database.db
      .selectFrom('list_lines')
      .select('part_id')
      .where('list_id', '=', id)
      .execute();
    expect(lines).toEqual([]);
  });
});

describe('MAX_LISTS', () => {
  it(`keeps at most ${MAX_LISTS} lists per user, even when 50 are saved at once at the cap`, async () => {
    const owner = await signUp(shop.app);
    const now = new Date().toISOString();
    // All but a few written straight in; the last ones race through the API.
    const rows = Array.from({ length: MAX_LISTS - 3 }, () => ({
      id: crypto.randomUUID(),
      user_id: owner.uid,
      name: 'Filler',
      created_at: now,
      updated_at: now,
    }));
    await shop.database.db.insertInto('lists').values(rows).execute();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        save(owner, { name: `Race ${i}`, lines: [{ partsId: bolt, quantity: 1 }] }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode === 422);
    expect(refused).toHaveLength(47);
    for (const answer of refused)
      expect(answer.json()).toEqual({ error: { code: 'too_many_lists', message: TOO_MANY_LISTS_MESSAGE } });
    expect((await call(owner, 'GET', '/api/lists?limit=1')).headers['x-total-count']).toBe(String(MAX_LISTS));

    // Another user is not held by it; deleting one frees a place.
    expect((await save(other, { name: 'Unaffected', lines: [] })).statusCode).toBe(201);
    const first = rows[0]?.id as string;
    expect((await call(owner, 'DELETE', `/api/lists/${first}`)).statusCode).toBe(200);
    expect((await save(owner, { name: 'Freed', lines: [] })).statusCode).toBe(201);
    expect((await save(owner, { name: 'One too many', lines: [] })).statusCode).toBe(422);
  });

  it('is described in the API documentation', async () => {
    const doc = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/lists'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/lists/{id}'])).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    expect(doc.paths['/api/lists'].post.summary).toMatch(/too_many_lists/);
  });
});
