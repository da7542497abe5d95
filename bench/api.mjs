// The API under load beside its ceilings, measured in the same run on the same machine:
// reads beside Node's bare http server sending the same bytes, purchases beside a bare
// transaction of the same writes through the same driver, logins beside the hashing limit.
import { randomUUID, scrypt } from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { alternate, bareServer, load, loop, share } from './lib/load.mjs';
import { call, residentMemory, startShop } from './lib/shop.mjs';

export const admin = { email: 'bench-admin@parts-shop.example', password: 'bench-admin-password' };
export const buyer = {
  name: 'Bench Buyer Ltd',
  email: 'bench-buyer@parts-shop.example',
  password: 'bench-buyer-password',
};
export const unlimited = '1000000';

/** Sets a shop up for the run: an admin, a buyer and a part with stock for every purchase. */
export async function prepare(url) {
  await call(`${url}/api/auth/signup`, { method: 'POST', body: buyer });
  const buyerSession = (await call(`${url}/api/auth/login`, { method: 'POST', body: buyer })).json;
  const adminToken = (await call(`${url}/api/auth/login`, { method: 'POST', body: admin })).json.accessToken;
  const [demo] = (await call(`${url}/api/parts?limit=1`)).json;
  const part = (
    await call(`${url}/api/parts`, {
      method: 'POST',
      token: adminToken,
      body: {
        name: 'Bench Part',
        desc: 'Stock for every purchase of the run',
        img: demo.img,
        min_order_quantity: 1,
        available_quantity: 1_000_000_000,
        price_per_piece: 3,
      },
    })
  ).json.insertedId;
  return { token: buyerSession.accessToken, uid: buyerSession.user.uid, partId: part };
}

/** The order a bare purchase inserts: the columns the shop's purchase writes, and their values. */
const ORDER_COLUMNS =
  'id, user_id, user_name, email, part_id, part_name, unit_price, quantity, price, mobile, address, created_at';
const orderValues = (who) => [
  randomUUID(),
  who.uid,
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
const placeholders = (count, mark) => Array.from({ length: count }, (_, i) => mark(i + 1)).join(', ');
const insertOrder = (mark) =>
  `insert into orders (${ORDER_COLUMNS}) values (${placeholders(ORDER_COLUMNS.split(',').length, mark)})`;
/** Takes the stock as the shop does: one conditional update ($1 the quantity, $2 the part). */
const TAKE_STOCK =
  'update parts set available_quantity = available_quantity - $1 where id = $2 and deleted_at is null and available_quantity >= $1 and min_order_quantity <= $1';

/** The same writes as a purchase (take the stock, insert the order) in one bare transaction. */
export function bareSqlitePurchase(file, who) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // SQLite reads $1 and $2 as named parameters: bound by an object.
  const take = db.prepare(TAKE_STOCK.replaceAll('$1', '@quantity').replaceAll('$2', '@part'));
  const insert = db.prepare(insertOrder(() => '?'));
  const purchase = db.transaction(() => {
    if (take.run({ quantity: 2, part: who.partId }).changes !== 1) throw new Error('no stock');
    insert.run(...orderValues(who));
  });
  return { once: async () => purchase(), workers: 1, close: async () => db.close() };
}

export function barePostgresPurchase(url, who) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const insert = insertOrder((n) => `$${n}`);
  const once = async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const taken = await client.query(TAKE_STOCK, [2, who.partId]);
      if (taken.rowCount !== 1) throw new Error('no stock');
      await client.query(insert, orderValues(who));
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

/** Logins per second the machine can hash: cores ÷ the time of one hash at the shop's cost. */
async function hashingLimit() {
  const derive = promisify(scrypt);
  const times = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await derive('a password', 'a salt of sixteen', 32, {
      N: 2 ** 17,
      r: 8,
      p: 1,
      maxmem: 256 * 1024 * 1024,
    });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const ms = times[2];
  return { rps: (os.availableParallelism() * 1000) / ms, hashMs: Math.round(ms) };
}

/**
 * Logins beside the hashing limit, then `GET /api/parts` during a login flood as a share of
 * `partsIdle` (its throughput measured without the flood). The buyer must have signed up.
 */
export async function measureSignIn(url, partsIdle) {
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
    target: `hashing limit (${limit.hashMs} ms a hash)`,
    rps: limit.rps,
    p50: '',
    p99: '',
    errors: '',
  });
  rows.push({ what: 'POST /api/auth/login', target: 'shop', ...logins, share: share(logins, limit) });

  const [partsDuringFlood] = await Promise.all([load({ url: `${url}/api/parts` }), load(loginRequest)]);
  rows.push({
    what: 'GET /api/parts during a login flood',
    target: 'shop',
    ...partsDuringFlood,
    share: `${share(partsDuringFlood, partsIdle)} of idle`,
  });
  return rows;
}

/** Every API measurement on one database; answers the table rows and the memory figures. */
export async function measureApi(database, port) {
  const shop = await startShop({
    database,
    port,
    env: {
      SEED_ADMIN_EMAIL: admin.email,
      SEED_ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_PURCHASES_PER_ACCOUNT: unlimited,
      RATE_LIMIT_PURCHASES_PER_IP: unlimited,
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
    let partsIdle;
    for (const [what, path] of reads) {
      const sample = await call(`${shop.url}${path}`);
      const bare = await bareServer(Buffer.from(sample.text), sample.headers.get('content-type'), port + 1);
      const {
        ceiling,
        shop: measured,
        share: measuredShare,
      } = await alternate({ url: bare.url }, { url: `${shop.url}${path}` });
      await bare.close();
      if (path === '/api/parts') partsIdle = measured;
      rows.push({ what, target: 'bare node:http, same bytes', ...ceiling });
      rows.push({ what, target: 'shop', ...measured, share: measuredShare });
    }
    memory.afterReads = residentMemory(shop.pid);

    const purchase = await load({
      url: `${shop.url}/api/purchase`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
      body: JSON.stringify({
        partsId: who.partId,
        quantity: 2,
        mobile: '+880 1712 000000',
        address: 'Dhaka',
      }),
    });
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

    rows.push(...(await measureSignIn(shop.url, partsIdle)));
    memory.afterLoad = residentMemory(shop.pid);
  } finally {
    await shop.stop();
  }
  return { rows, memory };
}
