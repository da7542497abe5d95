import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangeFeed } from '../db/change-feed.js';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../test-support/accounts.js';
import { anotherServer, createTestShop, type TestShop } from '../test-support/test-app.js';
import { COMPRESS_THRESHOLD, publicCache } from './public-cache.js';

/** Headers that differ between any two answers. */
const stable = ({ date: _date, 'x-request-id': _id, ...rest }: LightMyRequestResponse['headers']) => rest;

/** The same answer: status, every header but the date and the request id, and the bytes. */
function expectSameAnswer(kept: LightMyRequestResponse, fresh: LightMyRequestResponse) {
  expect(kept.statusCode).toBe(fresh.statusCode);
  expect(stable(kept.headers)).toEqual(stable(fresh.headers));
  expect(kept.rawPayload.equals(fresh.rawPayload)).toBe(true);
  expect(kept.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
}

/** Every way of asking for an encoding the kept answers must treat as @fastify/compress does. */
const ENCODINGS = [
  undefined,
  '',
  'identity',
  'gzip',
  'gzip, deflate, br, zstd',
  'br;q=0, gzip',
  'br;q=0.5, gzip;q=0.8',
  'gzip;q=0',
  '*',
  '*;q=0, gzip',
  'deflate',
  'BR',
  'x-gzip',
];

describe('the public cache plugin', () => {
  let version: number | undefined = 1;
  const wrote = vi.fn();
  const feed: ChangeFeed = {
    version: () => version,
    catalogVersion: async () => 1,
    wroteHere: () => {
      wrote();
      version = (version ?? 0) + 1;
    },
    close: async () => {},
  };
  let app: FastifyInstance;
  const built = vi.fn();
  const items = Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Relay board ${i}`, stock: 100 + i }));

  beforeAll(async () => {
    app = Fastify({ genReqId: () => randomUUID() });
    // As the shop does: headers every answer gets, set as the request arrives.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-content-type-options', 'nosniff').header('x-request-id', request.id);
      done();
    });
    await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD });
    await app.register(publicCache, { changes: feed, maxEntries: 40 });
    app.get<{ Querystring: { n?: string } }>(
      '/list',
      {
        config: { publicCache: 'parts' },
        schema: { querystring: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } } } },
      },
      async (request, reply) => {
        built();
        const n = Number(request.query.n ?? items.length);
        reply.header('x-total-count', String(items.length));
        return items.slice(0, n).map((item) => ({ ...item, stock: item.stock + (version ?? 0) }));
      },
    );
    app.get('/missing', { config: { publicCache: 'parts' } }, async (_request, reply) => {
      built();
      return reply.code(404).send({ error: 'none' });
    });
    app.get('/plain', async () => {
      built();
      return { kept: false };
    });
    app.post<{ Body: { ok: boolean } }>('/write', async (request, reply) =>
      reply.code(request.body.ok ? 201 : 400).send({}),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    version = 1;
    built.mockClear();
    wrote.mockClear();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it.each(ENCODINGS)(
    'answers accept-encoding %j with the answer the route gave, compressed as it was, built once',
    async (encoding) => {
      const url = `/list?e=${encodeURIComponent(String(encoding))}`;
      const headers: Record<string, string> = encoding === undefined ? {} : { 'accept-encoding': encoding };
      const fresh = await get(url, headers);
      expect(fresh.statusCode).toBe(200);
      const kept = await get(url, headers);
      expectSameAnswer(kept, fresh);
      expect(built).toHaveBeenCalledTimes(1);
      expect(kept.headers['x-total-count']).toBe('40');
      expect(kept.headers['x-content-type-options']).toBe('nosniff');
      // Big enough to be compressed: it varies by accept-encoding, compressed or not.
      expect(kept.headers.vary).toMatch(/accept-encoding/);
    },
  );

  it('answers a GET with a body as a GET without one: Fastify reads no body of a GET', async () => {
    const fresh = await get('/list?n=5');
    const withBody = await app.inject({ method: 'GET', url: '/list?n=5', payload: { ignored: true } });
    expect(withBody.statusCode).toBe(200);
    expect(withBody.rawPayload.equals(fresh.rawPayload)).toBe(true);
    expect(built).toHaveBeenCalledTimes(1);
  });

  it('keeps a small answer uncompressed, and says nothing of encodings for it', async () => {
    const fresh = await get('/list?n=1', { 'accept-encoding': 'br' });
    const kept = await get('/list?n=1', { 'accept-encoding': 'br' });
    expectSameAnswer(kept, fresh);
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.headers.vary).toBeUndefined();
    expect(built).toHaveBeenCalledTimes(1);
  });

  it('builds the answer again once the version moves, and keeps nothing while it cannot tell', async () => {
    const first = await get('/list?n=2');
    version = 2;
    const second = await get('/list?n=2');
    expect(built).toHaveBeenCalledTimes(2);
    expect(second.json()[0].stock).toBe(first.json()[0].stock + 1);
    expectSameAnswer(await get('/list?n=2'), second);
    expect(built).toHaveBeenCalledTimes(2);
    version = undefined;
    await get('/list?n=2');
    await get('/list?n=2');
    expect(built).toHaveBeenCalledTimes(4);
  });

  it('neither keeps nor answers a signed-in request, a HEAD, an error, or a route that did not opt in', async () => {
    await get('/list?n=3');
    expect(built).toHaveBeenCalledTimes(1);
    await get('/list?n=3', { authorization: 'Bearer someone' });
    expect(built).toHaveBeenCalledTimes(2);
    const head = await app.inject({ method: 'HEAD', url: '/list?n=3' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(built).toHaveBeenCalledTimes(3);
    for (let i = 0; i < 2; i++) expect((await get('/list?n=0')).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) expect((await get('/missing')).statusCode).toBe(404);
    for (let i = 0; i < 2; i++) await get('/plain');
    expect(built).toHaveBeenCalledTimes(7);
    await get('/list?n=3', { 'x-no-compression': '1' });
    expect(built).toHaveBeenCalledTimes(8);
  });

  it('tells the feed of each write it answers successfully, before the next read', async () => {
    await get('/list?n=4');
    const ok = await app.inject({ method: 'POST', url: '/write', payload: { ok: true } });
    expect(ok.statusCode).toBe(201);
    expect(wrote).toHaveBeenCalledTimes(1);
    await get('/list?n=4');
    expect(built).toHaveBeenCalledTimes(2);
    const refused = await app.inject({ method: 'POST', url: '/write', payload: { ok: false } });
    expect(refused.statusCode).toBe(400);
    expect(wrote).toHaveBeenCalledTimes(1);
  });

  it('keeps at most maxEntries answers, the least recently used going first', async () => {
    for (let n = 1; n <= 40; n++) await get(`/list?n=${n}`);
    await get('/list?n=1'); // now more recent than n=2
    await get('/list?n=41'); // so n=2 goes
    built.mockClear();
    await get('/list?n=1');
    expect(built).not.toHaveBeenCalled();
    await get('/list?n=2');
    expect(built).toHaveBeenCalledTimes(1);
  });
});

const capture = () => {
  const lines: Record<string, any>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
};

/** Resolves once `app` keeps answers (on PostgreSQL its change feed listens a moment after start). */
async function keeping(app: FastifyInstance) {
  await vi.waitFor(async () => {
    const hits = app.publicCacheStats.hits;
    await app.inject({ method: 'GET', url: '/api/review?limit=1' });
    await app.inject({ method: 'GET', url: '/api/review?limit=1' });
    expect(app.publicCacheStats.hits).toBeGreaterThan(hits);
  });
}

/** The same request twice: built by the route first, then answered from the kept answer. */
async function builtThenKept(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const { hits } = app.publicCacheStats;
  const fresh = await app.inject({ method: 'GET', url, headers });
  expect(app.publicCacheStats.hits).toBe(hits);
  const kept = await app.inject({ method: 'GET', url, headers });
  expect(app.publicCacheStats.hits).toBe(hits + 1);
  return { fresh, kept };
}

describe("the shop's kept public reads", () => {
  let shop: TestShop;
  const log = capture();
  beforeAll(async () => {
    shop = await createTestShop({ env: { LOG_LEVEL: 'info' }, logStream: log.stream });
    await keeping(shop.app);
  });
  afterAll(async () => {
    await shop.close();
  });

  const paths = async () => {
    const first = (await shop.app.inject({ method: 'GET', url: '/api/parts?limit=1' })).json()[0];
    return [
      '/api/parts',
      '/api/parts?limit=3&offset=2',
      '/api/parts?q=multi',
      `/api/partsById?id=${first._id}`,
      '/api/review',
      '/api/review?limit=2',
    ];
  };

  it('give the answer the route gave: status, every header and the body, in each encoding', async () => {
    for (const path of await paths()) {
      for (const encoding of ['', 'gzip', 'br', 'gzip, deflate, br', 'identity']) {
        const { fresh, kept } = await builtThenKept(
          shop.app,
          `${path}${path.includes('?') ? '&' : '?'}e=${encodeURIComponent(encoding)}`,
          encoding ? { 'accept-encoding': encoding } : {},
        );
        expect(fresh.statusCode).toBe(200);
        expectSameAnswer(kept, fresh);
        expect(kept.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
  });

  it('write the same access line as the built answer, under its own request id', async () => {
    const { fresh, kept } = await builtThenKept(shop.app, '/api/parts?limit=4');
    const lineOf = (answer: LightMyRequestResponse) =>
      log.lines.find((line) => line.reqId === answer.headers['x-request-id']);
    await vi.waitFor(() => expect(lineOf(kept)).toBeDefined());
    const { time: _t1, reqId: _r1, responseTime: freshTime, ...freshLine } = lineOf(fresh) ?? {};
    const { time: _t2, reqId: _r2, responseTime: keptTime, ...keptLine } = lineOf(kept) ?? {};
    expect(keptLine).toEqual(freshLine);
    expect(keptLine).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/parts?limit=4' },
      res: { statusCode: 200 },
    });
    expect(typeof freshTime).toBe('number');
    expect(typeof keptTime).toBe('number');
  });

  it('answer a signed-in read from no kept answer, with no-store', async () => {
    const buyer = await signUp(shop.app);
    await shop.app.inject({ method: 'GET', url: '/api/review?limit=3' });
    const { hits } = shop.app.publicCacheStats;
    const signedIn = await shop.app.inject({
      method: 'GET',
      url: '/api/review?limit=3',
      headers: bearer(buyer),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(shop.app.publicCacheStats.hits).toBe(hits);
  });

  it('show a write at once: the next read is built again and shows it', async () => {
    const first = (await shop.app.inject({ method: 'GET', url: '/api/parts?limit=1' })).json()[0];
    const path = `/api/partsById?id=${first._id}`;
    await builtThenKept(shop.app, path);
    await shop.database.db
      .updateTable('parts')
      .set({ available_quantity: 4321 })
      .where('id', '=', first._id)
      .execute();
    // SQLite tells at once; PostgreSQL's notification reaches the server a moment after the commit.
    await vi.waitFor(async () =>
      expect((await shop.app.inject({ method: 'GET', url: path })).json().available_quantity).toBe(4321),
    );
  });

  it('keep the kept parts when a review is written, and the kept reviews when stock moves', async () => {
    const buyer = await signUp(shop.app);
    const { fresh } = await builtThenKept(shop.app, '/api/parts?limit=2');
    await builtThenKept(shop.app, '/api/review?limit=4');
    const posted = await shop.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: bearer(buyer),
      payload: { name: 'Kept Reviewer', rating: 5, message: 'Kept apart' },
    });
    expect(posted.statusCode).toBe(201);
    await vi.waitFor(async () => {
      const reviews = await shop.app.inject({ method: 'GET', url: '/api/review?limit=4' });
      expect(reviews.json()[0].message).toBe('Kept apart');
    });
    // SQLite's counters say exactly what moved; PostgreSQL's server moves every topic on its own write.
    if (shop.config.database.kind === 'sqlite') {
      const { hits } = shop.app.publicCacheStats;
      const parts = await shop.app.inject({ method: 'GET', url: '/api/parts?limit=2' });
      expect(shop.app.publicCacheStats.hits).toBe(hits + 1);
      expect(parts.rawPayload.equals(fresh.rawPayload)).toBe(true);
    }
  });
});

describe('kept reads behind a trusted proxy', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ demo: false, env: { TRUST_PROXY: '127.0.0.1' } });
    await keeping(shop.app);
  });
  afterAll(async () => {
    await shop.close();
  });

  it('send HSTS over https, as the built answer does, and only there', async () => {
    const behindTls = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    const { fresh, kept } = await builtThenKept(shop.app, '/api/review', behindTls);
    expect(kept.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expectSameAnswer(kept, fresh);
    const plain = await shop.app.inject({ method: 'GET', url: '/api/review' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('kept reads on two servers of one database', () => {
  let shop: TestShop;
  let second: FastifyInstance;
  let admin: TestAccount;
  let buyer: TestAccount;
  const env = { JWT_SECRET: 'a signing key both servers share, 32+ chars' };
  beforeAll(async () => {
    shop = await createTestShop({ demo: false, env });
    second = await anotherServer(shop, env);
    await keeping(shop.app);
    admin = await signUpAdmin(shop.app, shop.database.db);
    buyer = await signUp(shop.app);
  });
  afterAll(async () => {
    await second?.close();
    await shop?.close();
  });

  it('drop an answer kept by one server when an order through the other takes stock', async () => {
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: bearer(admin),
      payload: {
        name: 'Kept Relay',
        desc: 'A part for the two-server cache test',
        img: 'https://example.com/relay.webp',
        min_order_quantity: 1,
        available_quantity: 100,
        price_per_piece: 3,
      },
    });
    const id = added.json().insertedId as string;
    const stock = async (url: string) => {
      const body = (await shop.app.inject({ method: 'GET', url })).json();
      return (Array.isArray(body) ? body.find((p: { _id: string }) => p._id === id) : body)
        .available_quantity;
    };
    const paths = [`/api/partsById?id=${id}`, '/api/parts?q=Kept%20Relay'];
    for (const path of paths) {
      // Kept: the second read is answered from the first's answer.
      await vi.waitFor(async () => {
        expect(await stock(path)).toBe(100);
        const { hits } = shop.app.publicCacheStats;
        expect(await stock(path)).toBe(100);
        expect(shop.app.publicCacheStats.hits).toBe(hits + 1);
      });
    }
    const bought = await second.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(buyer),
      payload: { partsId: id, quantity: 7, mobile: '+880 1712 000000', address: 'Dhaka' },
    });
    expect(bought.statusCode).toBe(201);
    for (const path of paths) await vi.waitFor(async () => expect(await stock(path)).toBe(93));
  });

  it("drop the kept reviews when a reviewer's order is paid through the other server", async () => {
    const reviewer = await signUp(shop.app);
    const posted = await shop.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: bearer(reviewer),
      payload: { name: 'Soon Verified', rating: 4, message: 'Paid later' },
    });
    expect(posted.statusCode).toBe(201);
    const mark = async () =>
      (await shop.app.inject({ method: 'GET', url: '/api/review?limit=1' })).json()[0].verifiedBuyer;
    await vi.waitFor(async () => {
      expect(await mark()).toBe(false);
      const { hits } = shop.app.publicCacheStats;
      expect(await mark()).toBe(false);
      expect(shop.app.publicCacheStats.hits).toBe(hits + 1);
    });
    const [part] = await shop.database.db.selectFrom('parts').select('id').limit(1).execute();
    const bought = await second.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(reviewer),
      payload: { partsId: part?.id, quantity: 1, mobile: '+880 1712 000000', address: 'Dhaka' },
    });
    expect(bought.statusCode).toBe(201);
    // Paid as the payment provider's confirmation would mark it, by another process.
    await shop.database.db
      .updateTable('orders')
      .set({ paid_at: new Date().toISOString(), payment_id: `pi_kept_${randomUUID()}` })
      .where('id', '=', bought.json().insertedId)
      .execute();
    await vi.waitFor(async () => expect(await mark()).toBe(true));
  });
});
