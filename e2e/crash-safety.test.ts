import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type RunningShop, startShop } from './support/shop-server';
import { inStoppedDatabase } from './support/stopped-database';

/**
 * An acknowledged write survives a crash. The real server takes the business buyer's writes from
 * several buyers, a company's admin and the shop's admin at once: multi-line orders, cancels, card
 * payments, quote requests, offers and accepts, a member's orders past their monthly limit
 * approved or rejected, net-30 invoices settled, orders shipped and delivered. It is killed with
 * SIGKILL at a random moment and started again on the same database, ROUNDS times. After every
 * restart each write it acknowledged is there (paid if its payment was acknowledged, an accepted
 * quote with its order, each approval, rejection, settlement, shipment and delivery), no cancelled
 * order came back, and every part's stock plus what the orders hold equals what it started with.
 */
const ROUNDS = 20;
const admin = { email: 'crash-admin@parts-shop.example', password: 'admin-password-5' };
const STOCK = 1_000_000;
const DELIVERY = { mobile: '+880 1712 345678', address: 'Dhaka' };
const CARD = { number: '4242424242424242', exp: '12/34', cvc: '123' };

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

async function call(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
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

type Lines = { partsId: string; quantity: number }[];

/** What the server acknowledged, over every round. */
interface Ledger {
  orders: Map<string, Lines>;
  cancelled: Set<string>;
  /** Cancels sent, acknowledged or not: one the crash cut off may have happened. */
  cancelSent: Set<string>;
  paid: Map<string, string>;
  /** Accepted quotes and the order each became. */
  accepted: Map<string, string>;
  offered: Set<string>;
  approved: Set<string>;
  rejected: Set<string>;
  /** Net-30 orders settled, and the bank reference of each. */
  settled: Map<string, string>;
  shipped: Set<string>;
  delivered: Set<string>;
  tried: number;
}

function someLines(parts: readonly string[]): Lines {
  const count = 1 + Math.floor(Math.random() * Math.min(3, parts.length));
  const chosen = [...parts].sort(() => Math.random() - 0.5).slice(0, count);
  return chosen.map((partsId) => ({ partsId, quantity: 1 + Math.floor(Math.random() * 4) }));
}

async function pay(base: string, token: string, orderId: string, ledger: Ledger) {
  const intent = await call(base, '/api/create-payment-intent', {
    method: 'POST',
    token,
    body: { _id: orderId },
  });
  const confirmed = await call(base, '/api/payments/test/confirm', {
    method: 'POST',
    token,
    body: { clientSecret: intent.json.clientSecret, card: CARD },
  });
  const paymentId = (confirmed.json.paymentIntent as { id?: string } | undefined)?.id;
  if (confirmed.status === 200 && paymentId) ledger.paid.set(orderId, paymentId);
}

/** A buyer ordering, cancelling, paying, asking for quotes and accepting the offers. */
async function buyerAtWork(
  base: string,
  token: string,
  parts: string[],
  ledger: Ledger,
  until: () => boolean,
) {
  await keepDoing(ledger, until, async () => {
    const next = Math.random();
    if (next < 0.1) {
      await call(base, '/api/quotes', {
        method: 'POST',
        token,
        body: { lines: someLines(parts), message: 'A price for these, please' },
      });
      return;
    }
    if (next < 0.2) {
      const offered = await call(base, '/api/quotes?status=offered&limit=5', { token });
      for (const quote of (offered.json as unknown as { _id: string; lines: Lines }[]) ?? []) {
        const accepted = await call(base, `/api/quotes/${quote._id}/accept`, {
          method: 'POST',
          token,
          body: DELIVERY,
        });
        if (accepted.status !== 201) continue;
        const orderId = accepted.json.orderId as string;
        ledger.accepted.set(quote._id, orderId);
        ledger.orders.set(
          orderId,
          quote.lines.map(({ partsId, quantity }) => ({ partsId, quantity })),
        );
        if (Math.random() < 0.5) await pay(base, token, orderId, ledger);
      }
      return;
    }
    const lines = someLines(parts);
    const placed = await call(base, '/api/orders', { method: 'POST', token, body: { lines, ...DELIVERY } });
    if (placed.status !== 201) return;
    const orderId = placed.json.insertedId as string;
    ledger.orders.set(orderId, lines);
    const then = Math.random();
    if (then < 0.3) {
      ledger.cancelSent.add(orderId);
      const cancelled = await call(base, `/api/purchaseById/${orderId}`, { method: 'DELETE', token });
      if (cancelled.status === 200) ledger.cancelled.add(orderId);
    } else if (then < 0.7) {
      await pay(base, token, orderId, ledger);
    }
  });
}

/** One chore done over and over until the shop is killed; a request the kill cut short is no loss. */
async function keepDoing(ledger: Ledger, until: () => boolean, chore: () => Promise<void>) {
  while (!until()) {
    ledger.tried += 1;
    try {
      await chore();
    } catch {
      // The server died under this request: nothing was acknowledged.
    }
  }
}

const pause = () => new Promise((r) => setTimeout(r, 20));

/**
 * The shop's admin answering requested quotes with offers, shipping and delivering orders and
 * settling net-30 invoices, each in a tab of its own: on a slow machine a round may end before
 * one chore's list is done, and every chore must still be reached in every round.
 */
async function adminAtWork(base: string, token: string, ledger: Ledger, until: () => boolean) {
  const validUntil = new Date(Date.now() + 86_400_000).toISOString();
  const offering = keepDoing(ledger, until, async () => {
    const requested = await call(base, '/api/quotes?status=requested&limit=5', { token });
    const quotes = (requested.json as unknown as { _id: string; lines: Lines }[]) ?? [];
    if (quotes.length === 0) await pause();
    for (const quote of quotes) {
      const offer = await call(base, `/api/quotes/${quote._id}`, {
        method: 'PUT',
        token,
        body: { lines: quote.lines.map(({ partsId }) => ({ partsId, unitPrice: 3 })), validUntil },
      });
      if (offer.status === 200) ledger.offered.add(quote._id);
    }
  });
  const shipping = keepDoing(ledger, until, async () => {
    const toShip = (await call(base, '/api/purchase?state=to_ship&limit=5', { token })).json as unknown as {
      _id: string;
    }[];
    if (toShip.length === 0) await pause();
    for (const order of toShip) {
      const shipped = await call(base, `/api/purchaseById/${order._id}/fulfilment`, {
        method: 'PUT',
        token,
        body: { status: 'shipped', carrier: 'DHL', trackingNumber: randomBytes(5).toString('hex') },
      });
      if (shipped.status !== 200) continue;
      ledger.shipped.add(order._id);
      if (Math.random() < 0.5) continue;
      const delivered = await call(base, `/api/purchaseById/${order._id}/fulfilment`, {
        method: 'PUT',
        token,
        body: { status: 'delivered' },
      });
      if (delivered.status === 200) ledger.delivered.add(order._id);
    }
  });
  const settling = keepDoing(ledger, until, async () => {
    const unpaid = (await call(base, '/api/purchase?state=unpaid&limit=20', { token })).json as unknown as {
      _id: string;
      dueDate?: string;
    }[];
    const onAccount = unpaid.filter((o) => o.dueDate).slice(0, 3);
    if (onAccount.length === 0) await pause();
    for (const order of onAccount) {
      const reference = `BANK-${randomBytes(4).toString('hex')}`;
      const settled = await call(base, `/api/purchaseById/${order._id}/settlement`, {
        method: 'PUT',
        token,
        body: { reference },
      });
      if (settled.status === 200) ledger.settled.set(order._id, reference);
    }
  });
  await Promise.all([offering, shipping, settling]);
}

/** A company's admin deciding the orders that wait for approval. */
async function companyAdminAtWork(
  base: string,
  token: string,
  companyId: string,
  ledger: Ledger,
  until: () => boolean,
) {
  await keepDoing(ledger, until, async () => {
    const waiting = (
      await call(base, `/api/companies/${companyId}/orders?approval=pending&limit=5`, { token })
    ).json as unknown as { _id: string }[];
    if (waiting.length === 0) await pause();
    for (const order of waiting) {
      const approve = Math.random() < 0.7;
      const decided = await call(base, `/api/orders/${order._id}/${approve ? 'approve' : 'reject'}`, {
        method: 'POST',
        token,
      });
      if (decided.status === 200) (approve ? ledger.approved : ledger.rejected).add(order._id);
    }
  });
}

interface StoredOrder {
  _id: string;
  paymentId?: string;
  expiredAt?: string;
  approval?: string;
  fulfilment: { status: string };
  lines: Lines;
}

async function pages<T>(base: string, path: string, token: string): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const batch = (
      await call(base, `${path}${path.includes('?') ? '&' : '?'}limit=100&offset=${offset}`, { token })
    ).json as unknown as T[];
    all.push(...batch);
    if (batch.length < 100) return all;
  }
}

/** Every acknowledged write is there, and the stock adds up. */
async function checkAfterRestart(base: string, token: string, parts: string[], ledger: Ledger) {
  const stored = new Map((await pages<StoredOrder>(base, '/api/purchase', token)).map((o) => [o._id, o]));
  const lost = [...ledger.orders.keys()].filter((id) => !ledger.cancelSent.has(id) && !stored.has(id));
  expect(lost, 'acknowledged orders missing after the crash').toEqual([]);
  const unpaid = [...ledger.paid].filter(([id, paymentId]) => stored.get(id)?.paymentId !== paymentId);
  expect(unpaid, 'acknowledged payments missing after the crash').toEqual([]);
  for (const id of ledger.cancelled) expect(stored.has(id), `cancelled order ${id} came back`).toBe(false);
  for (const id of ledger.approved) expect(stored.get(id)?.approval, `approved ${id}`).toBe('approved');
  for (const id of ledger.rejected) expect(stored.get(id)?.approval, `rejected ${id}`).toBe('rejected');
  const unsettled = [...ledger.settled].filter(([id, reference]) => stored.get(id)?.paymentId !== reference);
  expect(unsettled, 'acknowledged settlements missing after the crash').toEqual([]);
  for (const id of ledger.shipped)
    expect(['shipped', 'delivered'], `shipped ${id}`).toContain(stored.get(id)?.fulfilment.status);
  for (const id of ledger.delivered)
    expect(stored.get(id)?.fulfilment.status, `delivered ${id}`).toBe('delivered');

  const quotes = new Map(
    (await pages<{ _id: string; status: string; orderId?: string }>(base, '/api/quotes', token)).map((q) => [
      q._id,
      q,
    ]),
  );
  for (const [quoteId, orderId] of ledger.accepted) {
    expect(quotes.get(quoteId)?.status, `accepted quote ${quoteId}`).toBe('accepted');
    expect(quotes.get(quoteId)?.orderId).toBe(orderId);
  }
  for (const quoteId of ledger.offered)
    expect(['offered', 'accepted'], `offered quote ${quoteId}`).toContain(quotes.get(quoteId)?.status);

  const held = new Map<string, number>();
  for (const order of stored.values()) {
    if (order.expiredAt) continue;
    for (const line of order.lines) held.set(line.partsId, (held.get(line.partsId) ?? 0) + line.quantity);
  }
  for (const partId of parts) {
    const available = (await call(base, `/api/partsById?id=${partId}`)).json.available_quantity as number;
    expect(available + (held.get(partId) ?? 0), `stock of ${partId}`).toBe(STOCK);
  }
}

const login = async (base: string, account: { email: string; password: string }) =>
  (await call(base, '/api/auth/login', { method: 'POST', body: account })).json.accessToken as string;

const databases = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

describe('crash safety', () => {
  it.each(databases)(
    `loses no acknowledged write when killed at ${ROUNDS} random moments (%s)`,
    { timeout: 20 * 60_000 },
    async (kind) => {
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
        accepted: new Map(),
        offered: new Set(),
        approved: new Set(),
        rejected: new Set(),
        settled: new Map(),
        shipped: new Set(),
        delivered: new Set(),
        tried: 0,
      };
      try {
        const setUpToken = await login(shop.baseUrl, admin);
        const parts: string[] = [];
        for (const name of [
          'Crash test probe',
          'Crash test crimper',
          'Crash test stripper',
          'Crash test clamp',
        ]) {
          const res = await call(shop.baseUrl, '/api/parts', {
            method: 'POST',
            token: setUpToken,
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
          [1, 2, 3].map(async (n) => {
            const account = {
              email: `crash-${n}-${randomBytes(3).toString('hex')}@buyers.example`,
              password: 'buyer-password',
            };
            const res = await call(shop?.baseUrl ?? '', '/api/auth/signup', {
              method: 'POST',
              body: { name: `Crash buyer ${n}`, ...account },
            });
            return { ...account, uid: (res.json.user as { uid: string }).uid };
          }),
        );
        // A company on 30-day terms, written while the shop is down: buyer 1 its admin, buyer 2 a
        // member whose month's orders past $40 wait for approval; buyer 3 buys alone, by card.
        const companyId = randomUUID();
        const [boss, member] = buyers as [(typeof buyers)[number], (typeof buyers)[number]];
        const now = new Date().toISOString();
        await shop.stop({ keepData: true });
        const addMember =
          'insert into company_members (company_id, user_id, role, spending_limit, joined_at) values (?, ?, ?, ?, ?)';
        await inStoppedDatabase(
          shop.dataDir,
          [
            [
              'insert into companies (id, name, vat_id, payment_terms, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
              [companyId, 'Crash Test Assemblies Ltd', 'BD-000000001', 'net30', now, now],
            ],
            [addMember, [companyId, boss.uid, 'admin', null, now]],
            [addMember, [companyId, member.uid, 'buyer', 40, now]],
          ],
          target?.url,
        );
        shop = await startShop(env, { dataDir: shop.dataDir });

        for (let round = 1; round <= ROUNDS; round++) {
          const base = shop.baseUrl;
          const tokens = await Promise.all(buyers.map((buyer) => login(base, buyer)));
          const adminToken = await login(base, admin);
          let killed = false;
          const work = [
            ...tokens.flatMap((token) =>
              [1, 2].map(() => buyerAtWork(base, token, parts, ledger, () => killed)),
            ),
            adminAtWork(base, adminToken, ledger, () => killed),
            companyAdminAtWork(base, tokens[0] ?? '', companyId, ledger, () => killed),
          ];
          await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
          await shop.kill();
          killed = true;
          await Promise.all(work);

          shop = await startShop(env, { dataDir: shop.dataDir });
          await checkAfterRestart(shop.baseUrl, await login(shop.baseUrl, admin), parts, ledger);
        }
        expect(ledger.orders.size).toBeGreaterThan(ROUNDS);
        expect(ledger.accepted.size).toBeGreaterThan(0);
        expect(ledger.approved.size + ledger.rejected.size).toBeGreaterThan(0);
        expect(ledger.shipped.size).toBeGreaterThan(0);
        expect(ledger.settled.size).toBeGreaterThan(0);
        console.info(
          `crash (${kind}): ${ledger.tried} requests tried; ${ledger.orders.size} orders, ${ledger.paid.size} payments, ${ledger.accepted.size} accepted quotes, ${ledger.approved.size + ledger.rejected.size} approvals, ${ledger.settled.size} settlements, ${ledger.shipped.size} shipments acknowledged; ${ROUNDS} SIGKILLs survived, 0 lost`,
        );
      } finally {
        await shop?.stop();
        await target?.drop();
      }
    },
  );
});
