// The API under load beside its ceilings, measured in the same run on the same machine:
// reads beside Node's bare http server sending the same bytes, purchases beside a bare
// transaction of the same writes through the same driver, logins beside the hashing limit.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { alternate, bareServer, combineRounds, load, loop, median, seconds, share } from './lib/load.mjs';
import { call, residentMemory, startShop } from './lib/shop.mjs';

export const admin = { email: 'bench-admin@parts-shop.example', password: 'bench-admin-password' };
export const buyer = {
  name: 'Bench Buyer Ltd',
  email: 'bench-buyer@parts-shop.example',
  password: 'bench-buyer-password',
};
export const unlimited = '1000000';

/**
 * How many buyers place the run's purchases, in turns. The shop refuses a buyer's sixth unpaid
 * order (the bench lifts that cap), and counts a buyer's unpaid orders at each purchase: one
 * buyer holding the run's tens of thousands of orders would measure a count no buyer of the shop
 * ever has. Spread over this many, each holds a few hundred.
 */
const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
const buyerNumber = (i) => ({
  name: buyer.name,
  email: i === 0 ? buyer.email : buyer.email.replace('@', `-${i}@`),
  password: buyer.password,
});

/** Sets a shop up for the run: an admin, the buyers and a part with stock for every purchase. */
export async function prepare(url) {
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) {
    const who = buyerNumber(i);
    await call(`${url}/api/auth/signup`, { method: 'POST', body: who });
    const session = (await call(`${url}/api/auth/login`, { method: 'POST', body: who })).json;
    buyers.push({ token: session.accessToken, uid: session.user.uid });
  }
  const adminToken = (await call(`${url}/api/auth/login`, { method: 'POST', body: admin })).json.accessToken;
  const [demo] = (await call(`${url}/api/parts?limit=1`)).json;
  const addPart = async (name) =>
    (
      await call(`${url}/api/parts`, {
        method: 'POST',
        token: adminToken,
        body: {
          name,
          desc: 'Stock for every purchase of the run',
          img: demo.img,
          min_order_quantity: 1,
          available_quantity: 1_000_000_000,
          price_per_piece: 3,
          price_breaks: [{ min_quantity: 100, price_per_piece: 2 }],
        },
      })
    ).json.insertedId;
  const part = await addPart('Bench Part');
  // The parts a many-line order takes its lines from (each line a part of its own).
  const lineParts = [part];
  for (let i = 1; i < ORDER_LINES; i++) lineParts.push(await addPart(`Bench Part ${i}`));
  let turn = 0;
  return {
    token: buyers[0].token,
    uid: buyers[0].uid,
    partId: part,
    lineParts,
    adminToken,
    /** The next buyer in turn (the bare transactions' orders are spread alike). */
    nextBuyer: () => buyers[turn++ % buyers.length],
    /** Every buyer's id (their companies are set up straight in the database). */
    buyerIds: () => buyers.map((b) => b.uid),
  };
}

/** The shop's purchases for `duration` seconds, each by the next buyer in turn. */
export function purchaseLoad(url, who, duration) {
  return load({
    url: `${url}/api/purchase`,
    method: 'POST',
    ...(duration ? { duration } : {}),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ partsId: who.partId, quantity: 2, mobile: '+880 1712 000000', address: 'Dhaka' }),
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${who.nextBuyer().token}` },
        }),
      },
    ],
  });
}

/** The order a bare purchase inserts: the columns the shop's purchase writes, and their values. */
const ORDER_COLUMNS =
  'id, user_id, user_name, email, part_id, part_name, unit_price, quantity, price, mobile, address, created_at';
const orderValues = (who) => [
  randomUUID(),
  who.nextBuyer().uid,
  buyer.name,
  buyer.email,
  who.partId,
  'Bench Part',
  3,
  2,
  6,
  '+880 1',
  'Dhaka',
  new Date().toISOString(),
];
/** The order's one line, as the shop writes it beside the order. */
const LINE_COLUMNS = 'order_id, line_no, part_id, part_name, quantity, unit_price, price';
const lineValues = (orderId, who) => [orderId, 0, who.partId, 'Bench Part', 2, 3, 6];
const placeholders = (count, mark) => Array.from({ length: count }, (_, i) => mark(i + 1)).join(', ');
const insertOrder = (mark) =>
  `insert into orders (${ORDER_COLUMNS}) values (${placeholders(ORDER_COLUMNS.split(',').length, mark)})`;
const insertLine = (mark) =>
  `insert into order_lines (${LINE_COLUMNS}) values (${placeholders(LINE_COLUMNS.split(',').length, mark)})`;
/** Takes the stock as the shop does: one conditional update ($1 the quantity, $2 the part). */
const TAKE_STOCK =
  'update parts set available_quantity = available_quantity - $1 where id = $2 and deleted_at is null and available_quantity >= $1 and min_order_quantity <= $1';

/**
 * `count` quotes of 2 pieces of the bench part, each asked by the next buyer in turn and offered by
 * the admin, ready to be accepted once each; sent 10 at a time.
 */
export async function offeredQuotes(url, who, count) {
  const validUntil = new Date(Date.now() + 86_400_000).toISOString();
  const quotes = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, async () => {
      const buyer = who.nextBuyer();
      const { insertedId } = (
        await call(`${url}/api/quotes`, {
          method: 'POST',
          token: buyer.token,
          body: { lines: [{ partsId: who.partId, quantity: 2 }], message: 'A price for the bench' },
        })
      ).json;
      await call(`${url}/api/quotes/${insertedId}`, {
        method: 'PUT',
        token: who.adminToken,
        body: { lines: [{ partsId: who.partId, unitPrice: 2 }], validUntil },
      });
      return { id: insertedId, token: buyer.token };
    });
    quotes.push(...(await Promise.all(batch)));
  }
  return quotes;
}

/** Accepts of `quotes` (each once, in turn), as many as there are. */
export function acceptLoad(url, quotes) {
  let next = 0;
  return load({
    url: `${url}/api/quotes`,
    method: 'POST',
    amount: quotes.length,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '+880 1712 000000', address: 'Dhaka' }),
    requests: [
      {
        setupRequest: (request) => {
          const quote = quotes[next++ % quotes.length];
          return {
            ...request,
            path: `/api/quotes/${quote.id}/accept`,
            headers: { ...request.headers, authorization: `Bearer ${quote.token}` },
          };
        },
      },
    ],
  });
}

/** How many lines the bench's many-line order has. */
export const ORDER_LINES = 20;

/** The shop's orders of `lines` lines (POST /api/orders) for `duration` seconds, each by the next buyer in turn. */
export function orderLoad(url, who, lines, duration) {
  return load({
    url: `${url}/api/orders`,
    method: 'POST',
    ...(duration ? { duration } : {}),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: who.lineParts.slice(0, lines).map((partsId) => ({ partsId, quantity: 2 })),
      mobile: '+880 1712 000000',
      address: 'Dhaka',
      poNumber: 'PO-BENCH',
    }),
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${who.nextBuyer().token}` },
        }),
      },
    ],
  });
}

/** The same writes as a purchase (take the stock, insert the order and its line) in one bare transaction. */
export function bareSqlitePurchase(file, who) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // SQLite reads $1 and $2 as named parameters: bound by an object.
  const take = db.prepare(TAKE_STOCK.replaceAll('$1', '@quantity').replaceAll('$2', '@part'));
  const insert = db.prepare(insertOrder(() => '?'));
  const line = db.prepare(insertLine(() => '?'));
  const purchase = db.transaction(() => {
    if (take.run({ quantity: 2, part: who.partId }).changes !== 1) throw new Error('no stock');
    const order = orderValues(who);
    insert.run(...order);
    line.run(...lineValues(order[0], who));
  });
  return { once: async () => purchase(), workers: 1, close: async () => db.close() };
}

export function barePostgresPurchase(url, who) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const insert = insertOrder((n) => `$${n}`);
  const line = insertLine((n) => `$${n}`);
  const once = async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const taken = await client.query(TAKE_STOCK, [2, who.partId]);
      if (taken.rowCount !== 1) throw new Error('no stock');
      const order = orderValues(who);
      await client.query(insert, order);
      await client.query(line, lineValues(order[0], who));
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  return { once, workers: 10, close: () => pool.end() };
}

/**
 * The bare transaction behind Node's bare http server, in a process of its own
 * (lib/bare-purchase-server.mjs): `{ url, close }`, POST /api/purchase there buys as the bare
 * transaction does. What HTTP alone costs a purchase, beside the shop and the bare transaction.
 */
export async function bareHttpPurchase(database, who, port) {
  const child = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, 'lib/bare-purchase-server.mjs'),
      database.url,
      who.partId,
      JSON.stringify(who.buyerIds()),
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the bare purchase server exited with ${code}`)));
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The shop's password hash: argon2id at OWASP's minimum. */
const argon2id = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Logins per second the machine can hash: bare argon2 hash loops, one per core (the shop's
 * default), for a third of a measurement; and the time of one hash alone.
 */
async function hashingLimit() {
  const alone = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    await hash('a password', argon2id);
    alone.push(performance.now() - start);
  }
  const loops = await loop(
    () => hash('a password', argon2id),
    os.availableParallelism(),
    Math.max(2, seconds / 3),
  );
  return { ...loops, hashMs: Math.round(median(alone)) };
}

/**
 * 40 people signing up at the same moment, each from an address of their own (the shop trusts
 * the bench's X-Forwarded-For), `rounds` times: every answer's status and the slowest answer.
 */
export async function signupBurst(url, rounds = 3) {
  const latencies = [];
  const statuses = {};
  const began = performance.now();
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const start = performance.now();
        let status = 'no answer';
        try {
          const res = await fetch(`${url}/api/auth/signup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${round}.${i}.1` },
            body: JSON.stringify({
              name: 'Bench Signup',
              email: `signup-${randomUUID()}@parts-shop.example`,
              password: 'bench-signup-password',
            }),
          });
          await res.arrayBuffer();
          status = res.status;
        } catch {}
        latencies.push(performance.now() - start);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
  }
  latencies.sort((a, b) => a - b);
  return {
    rps: (rounds * 40 * 1000) / (performance.now() - began),
    p50: Math.round(median(latencies)),
    max: Math.round(latencies.at(-1) ?? 0),
    statuses: Object.entries(statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', '),
  };
}

/**
 * Logins beside the hashing limit, 40 sign-ups at once, then `GET /api/parts` during a login
 * flood as a share of its throughput without the flood. The buyer must have signed up. Answers
 * the table's rows and the figures the sign-in targets are about.
 */
export async function measureSignIn(url) {
  const rows = [];
  const limit = await hashingLimit();
  const loginRequest = {
    url: `${url}/api/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: buyer.email, password: buyer.password }),
  };
  const logins = await load(loginRequest);
  rows.push({
    what: 'POST /api/auth/login',
    target: `hashing limit: bare argon2 loops, one per core (${limit.hashMs} ms a hash alone)`,
    rps: limit.rps,
    p50: limit.p50,
    p99: limit.p99,
    errors: '',
  });
  rows.push({ what: 'POST /api/auth/login', target: 'shop', ...logins, share: share(logins, limit) });

  const signups = await signupBurst(url);
  rows.push({
    what: '40 concurrent POST /api/auth/signup, 3 times',
    target: 'shop',
    rps: signups.rps,
    p50: signups.p50,
    p99: `max ${signups.max}`,
    errors: signups.statuses,
  });

  // Idle and during a login flood in alternating rounds, so that load from elsewhere on a shared
  // machine falls on both alike; the share is the median of the rounds' shares.
  const rounds = 5;
  const duration = Math.max(1, Math.round(seconds / rounds));
  const idle = [];
  const flooded = [];
  for (let round = 0; round < rounds; round++) {
    idle.push(await load({ url: `${url}/api/parts`, duration }));
    const [reads] = await Promise.all([
      load({ url: `${url}/api/parts`, duration }),
      load({ ...loginRequest, duration }),
    ]);
    flooded.push(reads);
  }
  const readsShare = median(flooded.map((run, i) => run.rps / (idle[i]?.rps ?? Number.NaN)));
  rows.push({
    what: 'GET /api/parts, in rounds between the flood ones',
    target: 'shop, idle',
    ...combineRounds(idle),
  });
  rows.push({
    what: 'GET /api/parts during a login flood',
    target: 'shop',
    ...combineRounds(flooded),
    share: `${Math.round(readsShare * 100)}% of idle`,
  });
  return { rows, logins, signups, readsShare };
}

/** Every API measurement on one database; answers the table rows and the memory figures. */
export async function measureApi(database, port) {
  const shop = await startShop({
    database,
    port,
    env: {
      // The sign-up burst comes from 40 addresses, told in X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      SEED_ADMIN_EMAIL: admin.email,
      SEED_ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_PURCHASES_PER_ACCOUNT: unlimited,
      RATE_LIMIT_PURCHASES_PER_IP: unlimited,
      RATE_LIMIT_QUOTE_REQUESTS_PER_ACCOUNT: unlimited,
      UNPAID_ORDERS_PER_BUYER: unlimited,
    },
  });
  const rows = [];
  const memory = { idle: residentMemory(shop.pid) };
  try {
    const who = await prepare(shop.url);
    const reads = [
      ['GET /api/parts', '/api/parts'],
      ['GET /api/partsById', `/api/partsById?id=${who.partId}`],
      ['GET /api/review', '/api/review'],
    ];
    for (const [what, path] of reads) {
      const sample = await call(`${shop.url}${path}`);
      const bare = await bareServer(Buffer.from(sample.text), sample.headers.get('content-type'), port + 1);
      const {
        ceiling,
        shop: measured,
        share: measuredShare,
      } = await alternate({ url: bare.url }, { url: `${shop.url}${path}` });
      await bare.close();
      rows.push({ what, target: 'bare node:http, same bytes', ...ceiling });
      rows.push({ what, target: 'shop', ...measured, share: measuredShare });
    }
    memory.afterReads = residentMemory(shop.pid);

    const purchase = await purchaseLoad(shop.url, who);
    const bare =
      database.kind === 'sqlite'
        ? bareSqlitePurchase(database.url.slice('sqlite:'.length), who)
        : barePostgresPurchase(database.url, who);
    const ceiling = await loop(bare.once, bare.workers);
    await bare.close();
    rows.push({
      what: 'POST /api/purchase',
      target: `bare transaction, ${bare.workers} at a time`,
      ...ceiling,
    });
    rows.push({ what: 'POST /api/purchase', target: 'shop', ...purchase, share: share(purchase, ceiling) });

    rows.push(...(await measureSignIn(shop.url)).rows);
    memory.afterLoad = residentMemory(shop.pid);
  } finally {
    await shop.stop();
  }
  return { rows, memory };
}

/**
 * Makes each of the run's buyers the only member of a company of their own, written straight into
 * the database (the shop's company calls are not what is measured): `role` and monthly `limit`
 * (null: none), or no company at all when `membership` is null. Any earlier membership goes.
 */
export async function setMemberships(database, who, membership) {
  const uids = who.buyerIds();
  const now = new Date().toISOString();
  const rows = uids.map((uid) => ({ company: randomUUID(), uid }));
  const statements = [
    ['delete from company_members where user_id = ?', (row) => [row.uid]],
    ...(membership
      ? [
          [
            "insert into companies (id, name, vat_id, payment_terms, created_at, updated_at) values (?, 'Bench Company', null, 'card', ?, ?)",
            (row) => [row.company, now, now],
          ],
          [
            'insert into company_members (company_id, user_id, role, spending_limit, joined_at) values (?, ?, ?, ?, ?)',
            (row) => [row.company, row.uid, membership.role, membership.limit, now],
          ],
        ]
      : []),
  ];
  if (database.url.startsWith('sqlite:')) {
    const db = new SQLite(database.url.slice('sqlite:'.length));
    db.pragma('busy_timeout = 5000');
    const prepared = statements.map(([text, values]) => [db.prepare(text), values]);
    db.transaction(() => {
      for (const row of rows) for (const [statement, values] of prepared) statement.run(...values(row));
    })();
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('begin');
    for (const row of rows)
      for (const [text, values] of statements) {
        let n = 0;
        await client.query(
          text.replaceAll('?', () => `$${++n}`),
          values(row),
        );
      }
    await client.query('commit');
  } finally {
    await client.end();
  }
}

/**
 * `count` orders waiting for approval: each buyer is a company admin with a limit of 0, so their
 * own orders wait (an admin approves them all the same); sent 10 at a time.
 */
export async function pendingOrders(url, who, count) {
  const orders = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, async () => {
      const buyer = who.nextBuyer();
      const { insertedId } = (
        await call(`${url}/api/purchase`, {
          method: 'POST',
          token: buyer.token,
          body: { partsId: who.partId, quantity: 2, mobile: '+880 1712 000000', address: 'Dhaka' },
        })
      ).json;
      return { id: insertedId, token: buyer.token };
    });
    orders.push(...(await Promise.all(batch)));
  }
  return orders;
}

/** Approvals of `orders` (each once, by its company's admin), as many as there are. */
export function approveLoad(url, orders) {
  let next = 0;
  return load({
    url: `${url}/api/orders`,
    method: 'POST',
    amount: orders.length,
    requests: [
      {
        setupRequest: (request) => {
          const order = orders[next++ % orders.length];
          return {
            ...request,
            path: `/api/orders/${order.id}/approve`,
            headers: { ...request.headers, authorization: `Bearer ${order.token}` },
          };
        },
      },
    ],
  });
}
