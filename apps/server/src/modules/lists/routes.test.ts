import { MAX_LIST_LINES, MAX_LISTS, TOO_MANY_LISTS_MESSAGE } from '@shop/contract/lists';
import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { type Caller, test as shopTest } from '../../test-support/fixture.js';
import { insertPart, insertParts } from '../../test-support/parts.js';

/** The file's shop, its admin and buyer, and another buyer. */
const test = shopTest.extend('other', { scope: 'file' }, ({ shop }) => signUp(shop.app));

let bolt: string;
let nut: string;
test.beforeAll(async ({ shop }) => {
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

const save = (caller: Caller, body: unknown) => caller.post('/api/lists', body as object);
const read = (caller: Caller, id: string) => caller.get(`/api/lists/${id}`);
const saved = async (caller: Caller, body: unknown): Promise<string> => {
  const res = await save(caller, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId;
};

describe('POST /api/lists and GET /api/lists/{id}', () => {
  test('saves a named list and reads it back with each part as the catalog has it now', async ({
    as,
    buyer,
  }) => {
    const id = await saved(as(buyer), {
      name: '  Monthly restock  ',
      lines: [
        { partsId: bolt, quantity: 250 },
        { partsId: nut, quantity: '1' },
      ],
      _id: 'ignored',
    });
    const res = await read(as(buyer), id);
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
            order_multiple: 1,
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
            order_multiple: 1,
            price_breaks: [],
          },
        },
      ],
      createdAt: expect.any(String),
      updatedAt: list.createdAt,
    });
  });

  test('takes an empty list and up to 100 lines, and a quantity as large as any order', async ({
    shop,
    as,
    buyer,
  }) => {
    const empty = await saved(as(buyer), { name: 'To fill later', lines: [] });
    expect((await read(as(buyer), empty)).json().lines).toEqual([]);
    const many = await insertParts(
      shop.database.db,
      Array.from({ length: MAX_LIST_LINES }, (_, i) => ({ name: `List part ${i}` })),
    );
    const full = await saved(as(buyer), {
      name: 'Everything',
      lines: many.map((partsId, i) => ({ partsId, quantity: i === 0 ? 1_000_000_000 : i + 1 })),
    });
    const lines = (await read(as(buyer), full)).json().lines;
    expect(lines.map((l: { partsId: string }) => l.partsId)).toEqual(many);
    expect(lines[0].quantity).toBe(1_000_000_000);
  });

  test.for([
    ['no name', { lines: [] }, 'name'],
    ['an empty name', { name: '   ', lines: [] }, 'name'],
    ['a name of 101 characters', { name: 'x'.repeat(101), lines: [] }, 'name'],
    ['a name that is an object', { name: {}, lines: [] }, 'name'],
    ['no lines', { name: 'L' }, 'lines'],
    ['lines that are not a list', { name: 'L', lines: { partsId: 'x' } }, 'lines'],
    ['lines as text', { name: 'L', lines: 'bolts' }, 'lines'],
  ] as const)('refuses %s with 400 naming the field', async ([, body, field], { as, buyer }) => {
    const res = await save(as(buyer), body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message).toContain(field);
  });

  test('refuses 101 lines', async ({ as, buyer }) => {
    const lines = Array.from({ length: MAX_LIST_LINES + 1 }, () => ({
      partsId: crypto.randomUUID(),
      quantity: 1,
    }));
    const res = await save(as(buyer), { name: 'Too long', lines });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('must have at most 100 lines');
  });

  test('refuses a part on two lines', async ({ as, buyer }) => {
    const res = await save(as(buyer), {
      name: 'Twice',
      lines: [
        { partsId: bolt, quantity: 10 },
        { partsId: bolt, quantity: 20 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('names a part already on another line');
  });

  test.for([[0], [-1], [1.5], [1e21], [1_000_000_001], ['abc'], [true], [null]])(
    'refuses the quantity %s with 400',
    async ([quantity], { as, buyer }) => {
      const res = await save(as(buyer), { name: 'Bad quantity', lines: [{ partsId: bolt, quantity }] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('validation');
      expect(res.json().error.message).toContain('quantity');
    },
  );

  test('refuses a line without a part, or with a malformed part id', async ({ as, buyer }) => {
    for (const line of [{ quantity: 1 }, { partsId: 'bolt', quantity: 1 }]) {
      const res = await save(as(buyer), { name: 'No part', lines: [line] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('partsId');
    }
  });

  test('refuses parts that are not in the catalog with 404, naming every such line, and saves nothing', async ({
    shop,
    as,
    other,
  }) => {
    const gone = await insertPart(shop.database.db, {
      name: 'Gone part',
      deleted_at: new Date().toISOString(),
    });
    const unknown = crypto.randomUUID();
    const before = (await as(other).get('/api/lists')).headers['x-total-count'];
    const res = await save(as(other), {
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
    expect((await as(other).get('/api/lists')).headers['x-total-count']).toBe(before);
  });

  test('keeps a line whose part was deleted after saving, without its part', async ({
    shop,
    as,
    admin,
    buyer,
  }) => {
    const part = await insertPart(shop.database.db, { name: 'Soon gone' });
    const id = await saved(as(buyer), {
      name: 'Outlived',
      lines: [
        { partsId: part, quantity: 20 },
        { partsId: bolt, quantity: 30 },
      ],
    });
    const deleted = await as(admin).delete(`/api/partsById?id=${part}`);
    expect(deleted.statusCode).toBe(200);
    const lines = (await read(as(buyer), id)).json().lines;
    expect(lines[0]).toEqual({ partsId: part, quantity: 20 });
    expect(lines[1].part.name).toBe('M8 bolt');
    // Saving the list again with the deleted part is refused; without it, it is saved.
    const again = await as(buyer).put(`/api/lists/${id}`, { name: 'Outlived', lines });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.details).toEqual([{ line: 0, partsId: part }]);
    const without = await as(buyer).put(`/api/lists/${id}`, { name: 'Outlived', lines: lines.slice(1) });
    expect(without.statusCode).toBe(200);
  });

  test('shows the part as it is today: a new price, new stock, new breaks', async ({ shop, as, buyer }) => {
    const part = await insertPart(shop.database.db, { name: 'Changing part', price_per_piece: 9 });
    const id = await saved(as(buyer), { name: 'Today', lines: [{ partsId: part, quantity: 50 }] });
    await shop.database.db
      .updateTable('parts')
      .set({
        price_per_piece: 8,
        available_quantity: 7,
        price_breaks: JSON.stringify([{ min_quantity: 40, price_per_piece: 6 }]),
      })
      .where('id', '=', part)
      .execute();
    expect((await read(as(buyer), id)).json().lines[0].part).toEqual({
      name: 'Changing part',
      price_per_piece: 8,
      available_quantity: 7,
      min_order_quantity: 10,
      order_multiple: 1,
      price_breaks: [{ min_quantity: 40, price_per_piece: 6 }],
    });
  });
});

describe('who may use saved lists', () => {
  test('answers a visitor 401 and an admin 403 on every call', async ({ as, admin, buyer }) => {
    const id = await saved(as(buyer), { name: 'Mine', lines: [] });
    const body = { name: 'L', lines: [] };
    const calls = [
      ['GET', '/api/lists', undefined],
      ['POST', '/api/lists', body],
      ['GET', `/api/lists/${id}`, undefined],
      ['PUT', `/api/lists/${id}`, body],
      ['DELETE', `/api/lists/${id}`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const visitor = await as(null).send(method, url, payload);
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      expect(visitor.json().error.code).toBe('unauthenticated');
      const asAdmin = await as(admin).send(method, url, payload);
      expect(asAdmin.statusCode, `${method} ${url}`).toBe(403);
      expect(asAdmin.json().error.code).toBe('forbidden');
    }
    expect((await read(as(buyer), id)).json().name).toBe('Mine');
  });

  test("answers another user's list with 403, and one that does not exist with 404", async ({
    as,
    buyer,
    other,
  }) => {
    const id = await saved(as(buyer), { name: 'Private', lines: [{ partsId: bolt, quantity: 10 }] });
    const body = { name: 'Taken over', lines: [] };
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', body],
      ['DELETE', undefined],
    ] as const) {
      const res = await as(other).send(method, `/api/lists/${id}`, payload);
      expect(res.statusCode, method).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      const none = await as(other).send(method, `/api/lists/${crypto.randomUUID()}`, payload);
      expect(none.statusCode, method).toBe(404);
      expect(none.json().error.code).toBe('not_found');
      const malformed = await as(other).send(method, '/api/lists/not-an-id', payload);
      expect(malformed.statusCode, method).toBe(400);
    }
    const list = (await read(as(buyer), id)).json();
    expect(list.name).toBe('Private');
    expect(list.lines).toHaveLength(1);
    const others = (await as(other).get('/api/lists')).json();
    expect(others.map((l: { _id: string }) => l._id)).not.toContain(id);
  });
});

describe('GET /api/lists', () => {
  test("pages the caller's own lists, newest first, with x-total-count", async ({ shop, as }) => {
    const owner = await signUp(shop.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await saved(as(owner), { name: `List ${i}`, lines: [{ partsId: bolt, quantity: i + 1 }] }));
    const all = await as(owner).get('/api/lists');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('5');
    expect(all.json().map((l: { _id: string }) => l._id)).toEqual([...ids].reverse());
    expect(all.json()[0].lines).toEqual([
      { partsId: bolt, quantity: 5, part: expect.objectContaining({ name: 'M8 bolt' }) },
    ]);
    const page = await as(owner).get('/api/lists?limit=2&offset=1');
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json().map((l: { _id: string }) => l._id)).toEqual([ids[3], ids[2]]);
    const past = await as(owner).get('/api/lists?offset=10');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
    expect((await as(owner).get('/api/lists?limit=-1')).statusCode).toBe(400);
    expect((await as(owner).get('/api/lists?offset=x')).statusCode).toBe(400);
  });
});

describe('PUT and DELETE /api/lists/{id}', () => {
  test('replaces the name and every line, and moves updatedAt', async ({ as, buyer }) => {
    const id = await saved(as(buyer), {
      name: 'Before',
      lines: [
        { partsId: bolt, quantity: 10 },
        { partsId: nut, quantity: 20 },
      ],
    });
    const before = (await read(as(buyer), id)).json();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await as(buyer).put(`/api/lists/${id}`, {
      name: ' After ',
      lines: [{ partsId: nut, quantity: 3 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    const after = (await read(as(buyer), id)).json();
    expect(after.name).toBe('After');
    expect(after.lines.map((l: { partsId: string; quantity: number }) => [l.partsId, l.quantity])).toEqual([
      [nut, 3],
    ]);
    expect(after.createdAt).toBe(before.createdAt);
    expect(after.updatedAt > before.updatedAt).toBe(true);
  });

  test('refuses a bad replacement with the rules of a new list and keeps the list as it was', async ({
    as,
    buyer,
  }) => {
    const id = await saved(as(buyer), { name: 'Kept', lines: [{ partsId: bolt, quantity: 10 }] });
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
      expect((await as(buyer).put(`/api/lists/${id}`, body)).statusCode).toBe(400);
    }
    const list = (await read(as(buyer), id)).json();
    expect(list.name).toBe('Kept');
    expect(list.lines).toHaveLength(1);
  });

  test('deletes a list and its lines; a second delete is a 404', async ({ shop, as, buyer }) => {
    const id = await saved(as(buyer), { name: 'Short-lived', lines: [{ partsId: bolt, quantity: 10 }] });
    const res = await as(buyer).delete(`/api/lists/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    expect((await read(as(buyer), id)).statusCode).toBe(404);
    expect((await as(buyer).delete(`/api/lists/${id}`)).statusCode).toBe(404);
    const lines = await shop.database.db
      .selectFrom('list_lines')
      .select('part_id')
      .where('list_id', '=', id)
      .execute();
    expect(lines).toEqual([]);
  });
});

describe('MAX_LISTS', () => {
  test(`keeps at most ${MAX_LISTS} lists per user, even when 50 are saved at once at the cap`, async ({
    shop,
    as,
    other,
  }) => {
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
        save(as(owner), { name: `Race ${i}`, lines: [{ partsId: bolt, quantity: 1 }] }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode === 422);
    expect(refused).toHaveLength(47);
    for (const answer of refused)
      expect(answer.json()).toEqual({ error: { code: 'too_many_lists', message: TOO_MANY_LISTS_MESSAGE } });
    expect((await as(owner).get('/api/lists?limit=1')).headers['x-total-count']).toBe(String(MAX_LISTS));

    // Another user is not held by it; deleting one frees a place.
    expect((await save(as(other), { name: 'Unaffected', lines: [] })).statusCode).toBe(201);
    const first = rows[0]?.id as string;
    expect((await as(owner).delete(`/api/lists/${first}`)).statusCode).toBe(200);
    expect((await save(as(owner), { name: 'Freed', lines: [] })).statusCode).toBe(201);
    expect((await save(as(owner), { name: 'One too many', lines: [] })).statusCode).toBe(422);
  });

  test('is described in the API documentation', async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    expect(Object.keys(doc.paths['/api/lists'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/lists/{id}'])).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    expect(doc.paths['/api/lists'].post.summary).toMatch(/too_many_lists/);
  });
});
