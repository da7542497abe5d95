import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, startShop } from './support/shop-server';

/**
 * Three shop servers on one PostgreSQL schema and one Redis, behind a round-robin load balancer
 * written with node:http: stock is never oversold across servers, tokens and refresh-token
 * families work on every server, the login limit counts across servers, the balancer forwards
 * the client's address, and a server killed mid-run loses no acknowledged order.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ready = Boolean(databaseUrl && redisUrl);

const admin = { email: 'fleet-admin@parts-shop.example', password: 'admin-password-7' };
const BUYERS = 60;
const RACE_STOCK = 50;
const LOGIN_FAILURES_PER_EMAIL = 4;
const MESSAGES_PER_IP = 2;
const KILL_STOCK = 100_000;

interface Reply {
  status: number;
  json: Record<string, unknown>;
}

/**
 * One HTTP request with node:http, optionally from a given local address (127.0.0.x), so the
 * test can play clients at different addresses on one machine.
 */
function call(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; from?: string } = {},
): Promise<Reply> {
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: init.method ?? 'GET',
        agent: false,
        ...(init.from ? { localAddress: init.from } : {}),
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON (a balancer error page, an empty body)
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface Balancer {
  url: string;
  /** Requests each backend answered, by index. */
  answered: number[];
  /** Requests a backend refused (connection refused) and another backend then served. */
  retried: number;
  /** Requests the balancer answered 502 itself: the backend failed after receiving them. */
  failed: number;
  close(): Promise<void>;
}

const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/**
 * A round-robin load balancer over the backends' ports, as a deployment would put in front:
 * forwards method, path, headers and body, appends the client's address to X-Forwarded-For, and
 * tries the next backend only when a backend refuses the connection (the request never reached
 * it, so trying again cannot place an order twice). A backend that fails after receiving the
 * request gives the client 502: whether a purchase happened is then unknown to the balancer.
 */
async function startBalancer(ports: number[]): Promise<Balancer> {
  let next = 0;
  const stats = { answered: ports.map(() => 0), retried: 0, failed: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (!hopByHop.has(name) && value !== undefined) headers[name] = value;
      }
      const client = req.socket.remoteAddress ?? '';
      const forwarded = req.headers['x-forwarded-for'];
      headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${client}` : client;
      headers['content-length'] = body.length;
      const first = next;
      next = (next + 1) % ports.length;

      const attempt = (tries: number) => {
        const index = (first + tries) % ports.length;
        const upstream = http.request(
          { host: '127.0.0.1', port: ports[index], method: req.method, path: req.url, headers, agent: false },
          (answer) => {
            stats.answered[index] = (stats.answered[index] ?? 0) + 1;
            const out: http.OutgoingHttpHeaders = {};
            for (const [name, value] of Object.entries(answer.headers)) {
              if (!hopByHop.has(name) && value !== undefined) out[name] = value;
            }
            res.writeHead(answer.statusCode ?? 502, out);
            answer.pipe(res);
            answer.on('error', () => res.destroy());
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (res.headersSent) {
            res.destroy();
          } else if (error.code === 'ECONNREFUSED' && tries + 1 < ports.length) {
            stats.retried += 1;
            attempt(tries + 1);
          } else {
            stats.failed += 1;
            res.writeHead(502, { 'content-type': 'text/plain' });
            res.end('bad gateway');
          }
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get answered() {
      return stats.answered;
    },
    get retried() {
      return stats.retried;
    },
    get failed() {
      return stats.failed;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Buyer {
  email: string;
  accessToken: string;
  refreshToken: string;
}

const suffix = randomBytes(4).toString('hex');
const schema = `fleet_${suffix}`;
const keyPrefix = `shop-e2e-fleet-${suffix}:`;

let servers: RunningShop[] = [];
let balancer: Balancer | undefined;
let db: pg.Client | undefined;
let adminToken = '';
let buyers: Buyer[] = [];

async function createPart(name: string, stock: number): Promise<string> {
  const res = await call(balancer?.url ?? '', '/api/parts', {
    method: 'POST',
    token: adminToken,
    body: {
      name,
      desc: 'Stock shared by every server',
      img: 'https://example.com/p.webp',
      min_order_quantity: 1,
      available_quantity: stock,
      price_per_piece: 3,
    },
  });
  expect(res.status).toBe(201);
  return res.json.insertedId as string;
}

async function ordersInDatabase(partId: string): Promise<Map<string, number>> {
  const rows = await db?.query<{ id: string; quantity: string | number }>(
    'select id, quantity from orders where part_id = $1',
    [partId],
  );
  return new Map((rows?.rows ?? []).map((r) => [r.id, Number(r.quantity)]));
}

const purchase = (base: string, token: string, partsId: string, quantity: number) =>
  call(base, '/api/purchase', {
    method: 'POST',
    token,
    body: { partsId, quantity, mobile: '+880 1712 345678', address: 'Dhaka' },
  });

describe.runIf(ready)('three shop servers behind a load balancer', () => {
  beforeAll(async () => {
    const base = new URL(databaseUrl ?? '');
    const setup = new pg.Client({ connectionString: base.href });
    await setup.connect();
    await setup.query(`create schema ${schema}`);
    await setup.end();
    base.searchParams.set('options', `-c search_path=${schema}`);
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: base.href,
      DATABASE_POOL_MAX: '5',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      REDIS_URL: redisUrl ?? '',
      REDIS_KEY_PREFIX: keyPrefix,
      // The balancer connects from 127.0.0.1: believe its X-Forwarded-For, so limits count per client.
      TRUST_PROXY: '127.0.0.1',
      SEED_DEMO: 'off',
      SEED_ADMIN_EMAIL: admin.email,
      SEED_ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: String(LOGIN_FAILURES_PER_EMAIL),
      RATE_LIMIT_MESSAGES_PER_IP: String(MESSAGES_PER_IP),
      // The kill test's buyers order nonstop and pay nothing.
      UNPAID_ORDERS_PER_BUYER: '1000000',
      LOG_LEVEL: 'warn',
    };
    db = new pg.Client({ connectionString: base.href });
    await db.connect();
    // The first server migrates and seeds the admin; the other two start on the ready schema.
    servers.push(await startShop(env));
    servers.push(...(await Promise.all([startShop(env), startShop(env)])));
    balancer = await startBalancer(servers.map((s) => Number(new URL(s.baseUrl).port)));
    const lb = balancer.url;

    const login = await call(lb, '/api/auth/login', { method: 'POST', body: admin });
    expect(login.status).toBe(200);
    adminToken = login.json.accessToken as string;

    // Each sign-up hashes a password at full cost: a few at a time, spread over the servers.
    for (let n = 0; buyers.length < BUYERS; n += 6) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(6, BUYERS - n) }, async (_, i) => {
          const email = `fleet-${n + i}-${suffix}@buyers.example`;
          const res = await call(lb, '/api/auth/signup', {
            method: 'POST',
            body: { name: `Fleet buyer ${n + i}`, email, password: 'buyer-password' },
          });
          expect(res.status, JSON.stringify(res.json)).toBe(201);
          return {
            email,
            accessToken: res.json.accessToken as string,
            refreshToken: res.json.refreshToken as string,
          };
        }),
      );
      buyers.push(...batch);
    }
  }, 170_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    buyers = [];
    await db?.end();
    if (databaseUrl) {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    }
    if (redisUrl) {
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      let cursor = '0';
      do {
        const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
        cursor = nextCursor;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
      await redis.quit();
    }
  }, 60_000);

  it('sells 50 pieces to 60 racing buyers through different servers exactly once each', async () => {
    const lb = balancer?.url ?? '';
    const partId = await createPart('Fleet race probe', RACE_STOCK);
    const before = [...(balancer?.answered ?? [])];
    const results = await Promise.all(buyers.map((b) => purchase(lb, b.accessToken, partId, 1)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(RACE_STOCK);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(BUYERS - RACE_STOCK);
    for (const r of refused) {
      expect(r.status).toBe(422);
      expect((r.json.error as { code?: string }).code).toBe('quantity_out_of_range');
    }
    // Every server took a share of the purchases.
    const served = (balancer?.answered ?? []).map((n, i) => n - (before[i] ?? 0));
    for (const n of served) expect(n).toBeGreaterThan(0);

    const part = await call(lb, `/api/partsById?id=${partId}`);
    expect(part.json.available_quantity).toBe(0);
    const stored = await ordersInDatabase(partId);
    expect(stored.size).toBe(RACE_STOCK);
    const acknowledged = results.filter((r) => r.status === 201).map((r) => r.json.insertedId as string);
    expect(new Set(acknowledged)).toEqual(new Set(stored.keys()));
  });

  it('accepts an access token issued by one server on every other server', async () => {
    const [a, b, c] = servers.map((s) => s.baseUrl) as [string, string, string];
    const buyer = buyers[0] as Buyer;
    // A refresh on server A: the new access token is certainly A's.
    const fromA = await call(a, '/api/auth/refresh', {
      method: 'POST',
      body: { refreshToken: buyer.refreshToken },
    });
    expect(fromA.status).toBe(200);
    buyer.accessToken = fromA.json.accessToken as string;
    buyer.refreshToken = fromA.json.refreshToken as string;
    const mine = `/api/purchaseByEmail?email=${encodeURIComponent(buyer.email)}`;
    for (const base of [a, b, c]) {
      const res = await call(base, mine, { token: buyer.accessToken });
      expect(res.status, base).toBe(200);
    }
    const forged = `${buyer.accessToken.slice(0, -4)}AAAA`;
    expect((await call(b, mine, { token: forged })).status).toBe(401);
  });

  it('revokes a refresh-token family when a token is reused on another server', async () => {
    const [a, b, c] = servers.map((s) => s.baseUrl) as [string, string, string];
    const buyer = buyers[1] as Buyer;
    const rotated = await call(a, '/api/auth/refresh', {
      method: 'POST',
      body: { refreshToken: buyer.refreshToken },
    });
    expect(rotated.status).toBe(200);
    const reused = await call(b, '/api/auth/refresh', {
      method: 'POST',
      body: { refreshToken: buyer.refreshToken },
    });
    expect(reused.status).toBe(401);
    // The reuse revoked the whole family: the token A handed out is refused too.
    const afterReuse = await call(c, '/api/auth/refresh', {
      method: 'POST',
      body: { refreshToken: rotated.json.refreshToken },
    });
    expect(afterReuse.status).toBe(401);
    const onA = await call(a, '/api/auth/refresh', {
      method: 'POST',
      body: { refreshToken: rotated.json.refreshToken },
    });
    expect(onA.status).toBe(401);
  });

  it('counts failed logins for one email across all servers, not per server', async () => {
    const lb = balancer?.url ?? '';
    const email = (buyers[2] as Buyer).email;
    const wrong = { email, password: 'not-the-password' };
    // One after another through the balancer: each lands on the next server.
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL + 1; i += 1) {
      statuses.push((await call(lb, '/api/auth/login', { method: 'POST', body: wrong })).status);
    }
    expect(statuses).toEqual([...Array(LOGIN_FAILURES_PER_EMAIL).fill(401), 429]);
    // Every server, asked directly, now refuses that email.
    for (const server of servers) {
      const res = await call(server.baseUrl, '/api/auth/login', { method: 'POST', body: wrong });
      expect(res.status, server.baseUrl).toBe(429);
    }
  });

  it('counts per client address: each server sees the address the balancer forwards', async () => {
    const lb = balancer?.url ?? '';
    const send = (from: string) =>
      call(lb, '/api/messages', {
        method: 'POST',
        from,
        body: { kind: 'contact', email: 'fleet-visitor@buyers.example', message: 'Do you ship to Khulna?' },
      });
    // Two clients at their own addresses; one uses up its limit across the servers.
    const first = [];
    for (let i = 0; i < MESSAGES_PER_IP + 1; i += 1) first.push((await send('127.0.0.2')).status);
    expect(first.slice(0, MESSAGES_PER_IP).every((s) => s >= 200 && s < 300)).toBe(true);
    expect(first[MESSAGES_PER_IP]).toBe(429);
    // The other client is not limited: the shop did not count the balancer's own address.
    const other = await send('127.0.0.3');
    expect(other.status).toBeGreaterThanOrEqual(200);
    expect(other.status).toBeLessThan(300);
  });

  it('loses no acknowledged order when a server is killed mid-run', async () => {
    const lb = balancer?.url ?? '';
    const partId = await createPart('Fleet crash probe', KILL_STOCK);
    const acknowledged = new Map<string, number>();
    const statusesAfterKill: number[] = [];
    const unanswered: unknown[] = [];
    let killedAt = 0;
    let stop = false;
    let ackedAfterKill = 0;

    const worker = async (buyer: Buyer, n: number) => {
      while (!stop) {
        const quantity = 1 + ((n + acknowledged.size) % 3);
        const startedAfterKill = killedAt > 0;
        try {
          const res = await purchase(lb, buyer.accessToken, partId, quantity);
          if (res.status === 201) {
            acknowledged.set(res.json.insertedId as string, quantity);
            if (startedAfterKill) ackedAfterKill += 1;
          }
          if (startedAfterKill) statusesAfterKill.push(res.status);
        } catch (error) {
          unanswered.push(error);
        }
      }
    };
    const until = async (condition: () => boolean, limitMs: number) => {
      const deadline = Date.now() + limitMs;
      while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    };

    const work = buyers.slice(10, 22).map((b, n) => worker(b, n));
    await until(() => acknowledged.size >= 30, 30_000);
    const beforeKill = acknowledged.size;
    await servers[2]?.kill();
    killedAt = Date.now();
    await until(() => ackedAfterKill >= 30, 30_000);
    stop = true;
    await Promise.all(work);

    expect(beforeKill).toBeGreaterThanOrEqual(30);
    expect(ackedAfterKill).toBeGreaterThanOrEqual(30);
    // Requests sent once the server was dead were refused by it and served by another.
    expect(statusesAfterKill.every((s) => s === 201)).toBe(true);
    expect(balancer?.retried).toBeGreaterThan(0);
    // Only requests in flight on the killed server can have failed (502 from the balancer).
    expect(unanswered).toEqual([]);
    expect(balancer?.failed ?? 0).toBeLessThanOrEqual(12);

    const stored = await ordersInDatabase(partId);
    const lost = [...acknowledged.keys()].filter((id) => !stored.has(id));
    expect(lost, 'acknowledged orders missing after the kill').toEqual([]);
    // Stock adds up: what is left plus what the stored orders hold is what there was.
    const part = await call(lb, `/api/partsById?id=${partId}`);
    const held = [...stored.values()].reduce((sum, q) => sum + q, 0);
    expect((part.json.available_quantity as number) + held).toBe(KILL_STOCK);
    console.info(
      `several servers: ${acknowledged.size} orders acknowledged (${ackedAfterKill} after the SIGKILL), ${stored.size} stored, ${balancer?.retried} refused connections retried, ${balancer?.failed} in-flight requests answered 502, 0 lost`,
    );
  });
});

if (!ready) {
  describe('three shop servers behind a load balancer', () => {
    it.skip('needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis), as .ci/run sets them', () => {});
  });
}
