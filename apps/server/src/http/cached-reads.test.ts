import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from '../test-support/accounts.js';
import { anotherServer, createTestShop, type TestShop } from '../test-support/test-app.js';

// The kept public reads are answered before Fastify's routing, on the HTTP server itself: these
// tests go through real sockets (`inject` goes to Fastify directly) and tell the two paths apart
// by whether Fastify's routing was called.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * Listens on a free port; resolves once the server keeps answers (on PostgreSQL its change feed
 * starts listening a moment after the server is ready, and nothing is kept until then).
 */
async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const routing = vi.spyOn(app, 'routing');
  await vi.waitFor(async () => {
    await get(base, '/api/review?limit=1');
    routing.mockClear();
    await get(base, '/api/review?limit=1');
    expect(routing).not.toHaveBeenCalled();
  });
  routing.mockRestore();
  return base;
}

/** Headers that differ between any two answers. */
const stable = ({ date: _date, 'x-request-id': _id, ...rest }: http.IncomingHttpHeaders) => rest;

const capture = () => {
  const lines: Record<string, any>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
};

describe('kept public reads answered before routing', () => {
  let shop: TestShop;
  let base: string;
  const log = capture();
  beforeAll(async () => {
    shop = await createTestShop({ env: { LOG_LEVEL: 'info' }, logStream: log.stream });
    base = await listen(shop.app);
  });
  afterAll(async () => {
    await shop.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The same request twice: answered by Fastify first, then from the kept bytes. */
  async function routedThenKept(path: string, headers: Record<string, string> = {}) {
    const routing = vi.spyOn(shop.app, 'routing');
    const routed = await get(base, path, headers);
    expect(routing).toHaveBeenCalledTimes(1);
    const kept = await get(base, path, headers);
    expect(routing).toHaveBeenCalledTimes(1);
    routing.mockRestore();
    return { routed, kept };
  }

  const paths = async () => {
    const first = JSON.parse((await get(base, '/api/parts?limit=1')).body.toString())[0];
    return [
      '/api/parts',
      '/api/parts?limit=3&offset=2',
      '/api/parts?q=multi',
      `/api/partsById?id=${first._id}`,
      '/api/review',
      '/api/review?limit=2',
    ];
  };

  it('gives the routed answer: status, every header and the body, in each encoding', async () => {
    for (const path of await paths()) {
      for (const encoding of ['', 'gzip', 'br', 'gzip, deflate, br', 'identity']) {
        const { routed, kept } = await routedThenKept(
          `${path}${path.includes('?') ? '&' : '?'}e=${encodeURIComponent(encoding)}`,
          encoding ? { 'accept-encoding': encoding } : {},
        );
        expect(routed.status).toBe(200);
        expect(kept.status).toBe(200);
        expect(stable(kept.headers)).toEqual(stable(routed.headers));
        expect(Object.keys(kept.headers)).toEqual(Object.keys(routed.headers));
        expect(kept.body.equals(routed.body)).toBe(true);
        expect(kept.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(kept.headers['x-request-id']).not.toBe(routed.headers['x-request-id']);
      }
    }
  });

  it('writes the same access line as the routed answer, under its own request id', async () => {
    const { routed, kept } = await routedThenKept('/api/parts?limit=4');
    const lineOf = (answer: Answer) =>
      log.lines.find((line) => line.reqId === answer.headers['x-request-id']);
    await vi.waitFor(() => expect(lineOf(kept)).toBeDefined());
    const { time: _t1, reqId: _r1, responseTime: routedTime, ...routedLine } = lineOf(routed) ?? {};
    const { time: _t2, reqId: _r2, responseTime: keptTime, ...keptLine } = lineOf(kept) ?? {};
    expect(keptLine).toEqual(routedLine);
    expect(Object.keys(lineOf(kept) ?? {})).toEqual(Object.keys(lineOf(routed) ?? {}));
    expect(keptLine).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/parts?limit=4', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(typeof routedTime).toBe('number');
    expect(typeof keptTime).toBe('number');
  });

  it('leaves HEAD, a GET with a body, other URLs and errors to Fastify', async () => {
    await get(base, '/api/parts?limit=5');
    const routing = vi.spyOn(shop.app, 'routing');
    const head = await get(base, '/api/parts?limit=5', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const withBody = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${base}/api/parts?limit=5`,
        {
          method: 'GET',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': '2' },
        },
        (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end('{}');
    });
    expect(withBody).toBeGreaterThan(0);
    expect((await get(base, '/api/parts?limit=-1')).status).toBe(400);
    expect((await get(base, '/api/parts?limit=-1')).status).toBe(400);
    expect((await get(base, '/api/partsById?id=0190a000-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await get(base, '/api/partsById?id=0190a000-0000-7000-8000-000000000000')).status).toBe(404);
    expect(routing).toHaveBeenCalledTimes(6);
  });

  it('answers a write at once: the next read is built again and shows it', async () => {
    const first = JSON.parse((await get(base, '/api/parts?limit=1')).body.toString())[0];
    const path = `/api/partsById?id=${first._id}`;
    await routedThenKept(path);
    await shop.database.db
      .updateTable('parts')
      .set({ available_quantity: 4321 })
      .where('id', '=', first._id)
      .execute();
    const routing = vi.spyOn(shop.app, 'routing');
    // SQLite tells at once; PostgreSQL's notification reaches the server a moment after the commit.
    await vi.waitFor(async () =>
      expect(JSON.parse((await get(base, path)).body.toString()).available_quantity).toBe(4321),
    );
    expect(routing).toHaveBeenCalled();
  });
});

describe('kept reads behind a trusted proxy', () => {
  let shop: TestShop;
  let base: string;
  const log = capture();
  beforeAll(async () => {
    shop = await createTestShop({
      demo: false,
      env: { LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' },
      logStream: log.stream,
    });
    base = await listen(shop.app);
  });
  afterAll(async () => {
    await shop.close();
  });

  it('send HSTS over https and log the client, as the routed answer does', async () => {
    const behindTls = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    const routing = vi.spyOn(shop.app, 'routing');
    const routed = await get(base, '/api/review', behindTls);
    const kept = await get(base, '/api/review', behindTls);
    const plain = await get(base, '/api/review');
    expect(routing).toHaveBeenCalledTimes(1);
    routing.mockRestore();
    expect(kept.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(stable(kept.headers)).toEqual(stable(routed.headers));
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    await vi.waitFor(() =>
      expect(log.lines.find((l) => l.reqId === kept.headers['x-request-id'])?.req.remoteAddress).toBe(
        '203.0.113.9',
      ),
    );
  });
});

describe('kept reads on two servers of one database', () => {
  let shop: TestShop;
  let second: FastifyInstance;
  let firstBase: string;
  let admin: TestAccount;
  let buyer: TestAccount;
  const env = { JWT_SECRET: 'a signing key both servers share, 32+ chars' };
  beforeAll(async () => {
    shop = await createTestShop({ demo: false, env });
    second = await anotherServer(shop, env);
    firstBase = await listen(shop.app);
    await listen(second);
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
    const stock = async (path: string) => {
      const answer = await get(firstBase, path);
      const body = JSON.parse(answer.body.toString());
      return (Array.isArray(body) ? body.find((p: { _id: string }) => p._id === id) : body)
        .available_quantity;
    };
    const paths = [`/api/partsById?id=${id}`, '/api/parts?q=Kept%20Relay'];
    const routing = vi.spyOn(shop.app, 'routing');
    for (const path of paths) {
      await vi.waitFor(async () => {
        routing.mockClear();
        expect(await stock(path)).toBe(100);
        expect(routing).not.toHaveBeenCalled();
      });
    }
    routing.mockClear();
    const bought = await second.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(buyer),
      payload: { partsId: id, quantity: 7, mobile: '+880 1712 000000', address: 'Dhaka' },
    });
    expect(bought.statusCode).toBe(201);
    for (const path of paths) await vi.waitFor(async () => expect(await stock(path)).toBe(93));
    expect(routing).toHaveBeenCalled();
  });
});
