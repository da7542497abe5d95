import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, vi } from 'vitest';
import { type Caller, test } from '../../test-support/fixture.js';
import { insertPart } from '../../test-support/parts.js';
import type { TestShop } from '../../test-support/test-app.js';

test.override('shopOptions', { demo: true });

describe('GET /api/parts', () => {
  test('lists the demo catalog with its total', async ({ as }) => {
    // The demo catalog (tools and spare parts) fits one page of 100.
    const res = await as(null).get('/api/parts?limit=100');
    expect(res.statusCode).toBe(200);
    const parts = res.json();
    expect(parts.length).toBeGreaterThanOrEqual(12);
    expect(res.headers['x-total-count']).toBe(String(parts.length));
  });

  test('finds the multimeter by a case-insensitive part of its name', async ({ as }) => {
    const res = await as(null).get('/api/parts?q=MULTI');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { name: string }) => p.name)).toEqual([
      'True-RMS Digital Multimeter 6000 Counts',
    ]);
  });
});

type Listed = { _id: string; name: string };
const list = async (visitor: Caller, query: string) => {
  const res = await visitor.get(`/api/parts${query}`);
  return { res, parts: res.statusCode === 200 ? (res.json() as Listed[]) : [] };
};

/** A part of our own, added straight into the database. */
const addPart = (shop: TestShop, name: string) => insertPart(shop.database.db, { name });

describe('paging the catalog', () => {
  test('pages in a stable order with limit and offset, the total in x-total-count', async ({ as }) => {
    const { parts: all, res } = await list(as(null), '?limit=100');
    const total = Number(res.headers['x-total-count']);
    expect(all).toHaveLength(total);
    const { parts: first } = await list(as(null), '?limit=5');
    const { parts: second } = await list(as(null), '?limit=5&offset=5');
    expect(first.map((p) => p._id)).toEqual(all.slice(0, 5).map((p) => p._id));
    expect(second.map((p) => p._id)).toEqual(all.slice(5, 10).map((p) => p._id));
    const { parts: beyond, res: beyondRes } = await list(as(null), `?offset=${total + 10}`);
    expect(beyond).toEqual([]);
    expect(beyondRes.headers['x-total-count']).toBe(String(total));
  });

  test('clamps a limit of any size above 100 to 100', async ({ as }) => {
    for (const huge of ['101', '99999999999999999999', '1e3'.replace('e3', '000')]) {
      const res = await as(null).get(`/api/parts?limit=${huge}`);
      expect(res.statusCode, huge).toBe(200);
    }
    expect((await as(null).get('/api/parts?limit=0000000')).statusCode).toBe(400);
  });

  test('clamps a limit above 100 to 100', async ({ shop, as }) => {
    for (let i = 0; i < 100; i++) await addPart(shop, `Clamp test resistor ${i}`);
    const { res, parts } = await list(as(null), '?limit=5000');
    expect(res.statusCode).toBe(200);
    expect(parts).toHaveLength(100);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(100);
    expect((await list(as(null), '?limit=100')).parts).toHaveLength(100);
    expect((await list(as(null), '?limit=101')).parts).toHaveLength(100);
    expect((await list(as(null), '')).parts).toHaveLength(50);
  });

  test.for([
    'limit=0',
    'limit=-1',
    'limit=abc',
    'limit=1.5',
    'limit=',
    'offset=-1',
    'offset=NaN',
    'offset=1e3',
    'offset=99999999999999999999',
    'limit=Infinity',
    'limit=1e2',
    'limit=0x10',
    'limit=%205',
    'limit=-0',
    'limit=1&limit=2',
    'offset=1.0',
    'offset=abc',
  ])('refuses %s with 400 naming the field', async (query, { as }) => {
    const { res } = await list(as(null), `?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message).toMatch(new RegExp(`^${query.split('=')[0]} `));
  });
});

describe('searching the catalog', () => {
  test('takes q literally: % and _ are no wildcards, quotes and backslashes are characters', async ({
    shop,
    as,
  }) => {
    await addPart(shop, 'Tip 100% copper_core');
    await addPart(shop, "Technician's \\ kit");
    await addPart(shop, 'Ω-meter probe 🔌');
    const names = async (q: string) => {
      const { res, parts } = await list(as(null), `?limit=100&q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      return parts.map((p) => p.name);
    };
    expect(await names('%')).toEqual(['Tip 100% copper_core']);
    expect(await names('_')).toEqual(['Tip 100% copper_core']);
    expect(await names('0%')).toEqual(['Tip 100% copper_core']);
    expect(await names("'s \\")).toEqual(["Technician's \\ kit"]);
    expect(await names("' OR 1=1 --")).toEqual([]);
    expect(await names('ω-METER')).toEqual(['Ω-meter probe 🔌']);
    expect(await names('🔌')).toEqual(['Ω-meter probe 🔌']);
    expect(await names('no such part anywhere')).toEqual([]);
  });

  test.for(['\\', '\\%', '%%', '__', '[a-z]', '*', '?', "''", '"', '\\_', 'Ω', '🔌🔌', 'é', '\u{10FFFF}'])(
    'finds a name holding q=%s literally, and only names that hold it',
    async (q, { shop, as }) => {
      const id = await addPart(shop, `Odd ${q} name`);
      const { res, parts } = await list(as(null), `?limit=100&q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(parts.map((p) => p._id)).toContain(id);
      expect(Number(res.headers['x-total-count'])).toBe(parts.length);
      for (const part of parts) expect(part.name.toLowerCase()).toContain(q.toLowerCase());
    },
  );

  test('refuses a q longer than any name with 400, not a slow query', async ({ as }) => {
    const { res } = await list(as(null), `?q=${'a'.repeat(5000)}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/partsById', () => {
  test('answers one part, 404 for an unknown id, 400 for a malformed one', async ({ shop, as }) => {
    const id = await addPart(shop, 'Lookup test part');
    const found = await as(null).get(`/api/partsById?id=${id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ _id: id, name: 'Lookup test part', min_order_quantity: 10 });
    const unknown = await as(null).get(`/api/partsById?id=${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    for (const bad of ['not-an-id', "1' OR '1'='1", '', '%00']) {
      const res = await as(null).get(`/api/partsById?id=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await as(null).get('/api/partsById')).statusCode).toBe(400);
  });

  test('hides a deleted part from the list and from partsById', async ({ shop, as }) => {
    const id = await addPart(shop, 'Soon deleted part');
    await shop.database.db
      .updateTable('parts')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await as(null).get(`/api/partsById?id=${id}`)).statusCode).toBe(404);
    const { parts, res } = await list(as(null), '?q=Soon%20deleted');
    expect(parts).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  test('answers 400 for an id sent twice', async ({ shop, as }) => {
    const id = await addPart(shop, 'Twice asked part');
    const res = await as(null).get(`/api/partsById?id=${id}&id=${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
  });
});

describe('the demo pictures', () => {
  test('are served by the shop as WebP with a long cache', async ({ as }) => {
    const { parts } = await list(as(null), '?limit=1');
    const part = (await as(null).get(`/api/partsById?id=${parts[0]?._id}`)).json();
    const res = await as(null).get(part.img);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const missing = await as(null).get(`/api/images/${'0'.repeat(64)}.webp`);
    expect(missing.statusCode).toBe(404);
    const traversal = await as(null).get('/api/images/..%2F..%2Fshop.db');
    expect([400, 404]).toContain(traversal.statusCode);
  });
});

describe('answers as the database has them', () => {
  // Public reads ask the database every time (no cache of the shop's own): a write that bypasses
  // this server's own routes (another server, a script) shows as soon as it has committed.
  const stockOf = async (visitor: Caller, id: string) => {
    const listed = (await list(visitor, '?q=Cached%20Relay')).parts as (Listed & {
      available_quantity: number;
    })[];
    const one = (await visitor.get(`/api/partsById?id=${id}`)).json();
    return [listed.find((p) => p._id === id)?.available_quantity, one.available_quantity];
  };

  test('show a write made outside the shop once it has committed, in the list and in partsById', async ({
    shop,
    as,
  }) => {
    const id = await addPart(shop, 'Cached Relay');
    expect(await stockOf(as(null), id)).toEqual([500, 500]);
    expect(await stockOf(as(null), id)).toEqual([500, 500]);
    await shop.database.db
      .updateTable('parts')
      .set({ available_quantity: 321 })
      .where('id', '=', id)
      .execute();
    // SQLite tells at once; PostgreSQL's notification reaches the server a moment after the commit.
    await vi.waitFor(async () => expect(await stockOf(as(null), id)).toEqual([321, 321]));
    await shop.database.db
      .updateTable('parts')
      .set({ deleted_at: '2026-11-23T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    await vi.waitFor(async () =>
      expect((await list(as(null), '?limit=100')).parts.map((p) => p._id)).not.toContain(id),
    );
    expect((await as(null).get(`/api/partsById?id=${id}`)).statusCode).toBe(404);
  });

  test('keep each query apart: a search is not answered with another page', async ({ as }) => {
    const all = await list(as(null), '?limit=100');
    const found = await list(as(null), '?q=multi');
    expect(found.parts.length).toBeLessThan(all.parts.length);
    expect(found.res.headers['x-total-count']).toBe(String(found.parts.length));
    expect((await list(as(null), '?limit=1')).parts).toHaveLength(1);
    expect((await list(as(null), '?limit=1&offset=1')).parts[0]?._id).toBe(all.parts[1]?._id);
  });
});

describe('compressed answers', () => {
  test('sends the catalog compressed as the client accepts, the same JSON each way', async ({ as }) => {
    const get = (encoding?: string) =>
      as(null).get('/api/parts?limit=100', encoding ? { 'accept-encoding': encoding } : {});
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const catalog = plain.json();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip, deflate', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await get(encoding);
        expect(res.headers['content-encoding']).toBe(encoding.split(',')[0]);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['x-total-count']).toBe(plain.headers['x-total-count']);
        expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(catalog);
      }
    }
  });
});
