import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type RunningShop, startShop } from './support/shop-server';

/**
 * An acknowledged order or payment survives a crash: the real server takes purchases, cancels and
 * payments from several buyers at once, is killed with SIGKILL mid-run, and starts again on the
 * same database; every order it acknowledged is there (paid if its payment was acknowledged),
 * and every part's stock plus what its orders hold equals what it started with.
 */
const admin = { email: 'crash-admin@parts-shop.example', password: 'admin-password-5' };
const STOCK = 400;

async function call(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return {
    status: res.status,
    json: (await res.json().catch(() => ({}))) as Record<string, unknown>,
    headers: res.headers,
  };
}

/** A fresh PostgreSQL schema for one run, as a DATABASE_URL. */
async function postgresSchema(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `crash_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

interface Ledger {
  orders: Map<string, { partId: string; quantity: number }>;
  cancelled: Set<string>;
  /** Cancels sent, acknowledged or not: one the crash cut off may have happened. */
  cancelSent: Set<string>;
  paid: Map<string, string>;
  tried: number;
}

async function buyerAtWork(
  base: string,
  token: string,
  parts: string[],
  ledger: Ledger,
  until: () => boolean,
) {
  while (!until()) {
    ledger.tried += 1;
    try {
      const partId = parts[Math.floor(Math.random() * parts.length)] ?? '';
      const quantity = 1 + Math.floor(Math.random() * 4);
      const placed = await call(base, '/api/purchase', {
        method: 'POST',
        token,
        body: { partsId: partId, quantity, mobile: '+880 1712 345678', address: 'Dhaka' },
      });
      if (placed.status !== 201) continue;
      const orderId = placed.json.insertedId as string;
      ledger.orders.set(orderId, { partId, quantity });
      const next = Math.random();
      if (next < 0.3) {
        ledger.cancelSent.add(orderId);
        const cancelled = await call(base, `/api/purchaseById/${orderId}`, { method: 'DELETE', token });
        if (cancelled.status === 200) ledger.cancelled.add(orderId);
      } else if (next < 0.65) {
        const intent = await call(base, '/api/create-payment-intent', {
          method: 'POST',
          token,
          body: { _id: orderId },
        });
        const confirmed = await call(base, '/api/payments/test/confirm', {
          method: 'POST',
          token,
          body: {
            clientSecret: intent.json.clientSecret,
            card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
          },
        });
        const paymentId = (confirmed.json.paymentIntent as { id?: string } | undefined)?.id;
        if (confirmed.status === 200 && paymentId) ledger.paid.set(orderId, paymentId);
      }
    } catch {
      // The server died under this request: nothing was acknowledged.
    }
  }
}

async function allOrders(base: string, token: string) {
  const orders: { _id: string; partsId: string; quantity: number; paymentId?: string }[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await fetch(`${base}/api/purchase?limit=100&offset=${offset}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const batch = (await page.json()) as typeof orders;
    orders.push(...batch);
    if (batch.length < 100) return orders;
  }
}

const databases = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

describe('crash safety', () => {
  it.each(databases)('loses no acknowledged order or payment when killed mid-run (%s)', async (kind) => {
    const target =
      kind === 'postgres' ? await postgresSchema(process.env.TEST_DATABASE_URL ?? '') : undefined;
    const env = {
      SEED_ADMIN_EMAIL: admin.email,
      SEED_ADMIN_PASSWORD: admin.password,
      SEED_DEMO: 'off',
      // Each buyer orders nonstop and leaves many orders unpaid.
      UNPAID_ORDERS_PER_BUYER: '1000000',
      ...(target ? { DATABASE_URL: target.url } : {}),
    };
    let shop: RunningShop | undefined = await startShop(env);
    const ledger: Ledger = {
      orders: new Map(),
      cancelled: new Set(),
      cancelSent: new Set(),
      paid: new Map(),
      tried: 0,
    };
    try {
      const base = shop.baseUrl;
      const adminToken = (await call(base, '/api/auth/login', { method: 'POST', body: admin })).json
        .accessToken as string;
      const parts: string[] = [];
      for (const name of ['Crash test probe', 'Crash test crimper']) {
        const res = await call(base, '/api/parts', {
          method: 'POST',
          token: adminToken,
          body: {
            name,
            desc: 'Stock that must add up',
            img: 'https://example.com/p.webp',
            min_order_quantity: 1,
            available_quantity: STOCK,
            price_per_piece: 4,
          },
        });
        parts.push(res.json.insertedId as string);
      }
      const buyers = await Promise.all(
        [1, 2, 3, 4].map(async (n) => {
          const res = await call(base, '/api/auth/signup', {
            method: 'POST',
            body: {
              name: `Crash buyer ${n}`,
              email: `crash-${n}-${randomBytes(3).toString('hex')}@buyers.example`,
              password: 'buyer-password',
            },
          });
          return res.json.accessToken as string;
        }),
      );

      let killed = false;
      const work = buyers.flatMap((token) =>
        [1, 2].map(() => buyerAtWork(base, token, parts, ledger, () => killed)),
      );
      await new Promise((r) => setTimeout(r, 2500));
      await shop.kill();
      killed = true;
      await Promise.all(work);
      expect(ledger.orders.size).toBeGreaterThan(5);

      shop = await startShop(env, { dataDir: shop.dataDir });
      const token = (await call(shop.baseUrl, '/api/auth/login', { method: 'POST', body: admin })).json
        .accessToken as string;
      const stored = new Map((await allOrders(shop.baseUrl, token)).map((o) => [o._id, o]));
      const lost = [...ledger.orders.keys()].filter((id) => !ledger.cancelSent.has(id) && !stored.has(id));
      expect(lost, 'acknowledged orders missing after the crash').toEqual([]);
      const unpaid = [...ledger.paid].filter(([id, paymentId]) => stored.get(id)?.paymentId !== paymentId);
      expect(unpaid, 'acknowledged payments missing after the crash').toEqual([]);
      for (const id of ledger.cancelled)
        expect(stored.has(id), `cancelled order ${id} came back`).toBe(false);
      for (const partId of parts) {
        const available = (await call(shop.baseUrl, `/api/partsById?id=${partId}`)).json
          .available_quantity as number;
        const held = [...stored.values()]
          .filter((o) => o.partsId === partId)
          .reduce((sum, o) => sum + o.quantity, 0);
        expect(available + held, `stock of ${partId}`).toBe(STOCK);
      }
      console.info(
        `crash (${kind}): ${ledger.tried} requests tried, ${ledger.orders.size} orders and ${ledger.paid.size} payments acknowledged, 1 SIGKILL survived, 0 lost`,
      );
    } finally {
      await shop?.stop();
      await target?.drop();
    }
  });
});
