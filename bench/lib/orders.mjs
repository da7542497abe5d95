// Buyers and their orders, for the order benchmarks: accounts written straight into the database,
// signed in through the shop, and POST /api/purchase over kept-alive connections.
import { randomBytes, randomUUID, scrypt } from 'node:crypto';
import http from 'node:http';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loop, seconds } from './load.mjs';
import { call } from './shop.mjs';

/** The purchase limits a benchmark raises through the environment (its buyers order nonstop). */
export const unlimitedPurchases = {
  RATE_LIMIT_PURCHASES_PER_ACCOUNT: '1000000',
  RATE_LIMIT_PURCHASES_PER_IP: '1000000',
  UNPAID_ORDERS_PER_BUYER: '1000000',
};

/** 20 pieces: at or above every benchmark part's minimum order. */
export const quantity = 20;

/**
 * The shop's earlier password format (scrypt), at a low cost: every build reads it (this one
 * re-hashes it with argon2id at the first login); the buyers' logins are set-up, not what is measured.
 */
async function cheapPasswordHash(password) {
  const salt = randomBytes(16);
  const [N, r, p] = [2 ** 10, 8, 1];
  const key = await promisify(scrypt)(password.normalize('NFKC'), salt, 32, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Buyers' accounts written straight into the database; answers their emails. */
async function insertBuyers(database, count, password) {
  const hash = await cheapPasswordHash(password);
  const users = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    name: `Buyer ${i} Ltd`,
    email: `buyer-${i}@parts-shop.example`,
    password_hash: hash,
    created_at: new Date().toISOString(),
  }));
  const columns = Object.keys(users[0]);
  if (database.kind === 'sqlite') {
    const db = new SQLite(database.url.slice('sqlite:'.length));
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(
      `insert into users (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
    );
    db.transaction(() => {
      for (const user of users) insert.run(user);
    })();
    db.close();
  } else {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `insert into users (${columns.join(', ')}) select * from unnest(${columns.map((_, i) => `$${i + 1}::text[]`).join(', ')})`,
      columns.map((c) => users.map((user) => user[c])),
    );
    await client.end();
  }
  return users.map((user) => user.email);
}

/**
 * `count` buyers, signed in: answers their access tokens. `urls` are the servers to sign in
 * through, in turn (a token from one server works on every server of a deployment).
 */
export async function signedInBuyers(database, count, urls) {
  const password = 'bench-buyer-password';
  const emails = await insertBuyers(database, count, password);
  const tokens = [];
  for (let i = 0; i < emails.length; i += 10) {
    const batch = emails.slice(i, i + 10).map(async (email, j) => {
      const url = urls[(i + j) % urls.length];
      const session = await call(`${url}/api/auth/login`, { method: 'POST', body: { email, password } });
      return session.json.accessToken;
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

/** POST /api/purchase over a kept-alive connection; rejects unless the order was placed. */
export function purchaser(base, maxSockets) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const url = new URL('/api/purchase', base);
  const once = (token, partsId) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ partsId, quantity, mobile: '+880 1712 000000', address: 'Dhaka' });
      const request = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            response.statusCode === 201 ? resolve() : reject(new Error(`${response.statusCode}`)),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return { once, close: () => agent.destroy() };
}

/** Pieces left of these parts (each part counted once), read through the shop. */
export async function piecesLeft(url, partIds) {
  let pieces = 0;
  for (const id of new Set(partIds)) {
    const { json } = await call(`${url}/api/partsById?id=${id}`);
    pieces += json.available_quantity;
  }
  return pieces;
}

/**
 * `buyers` buyers ordering back to back for the benchmark's length, buyer i through `urls[i mod
 * n]` on `partOf(i)`: the loop's figures ({ rps, p50, p99, errors }) and `placed`, the orders
 * the stock says were placed (it must equal the 201 answers).
 */
export async function orderRun({ urls, tokens, partOf, buyers, what = '' }) {
  const partIds = Array.from({ length: buyers }, (_, buyer) => partOf(buyer)._id);
  const before = await piecesLeft(urls[0], partIds);
  const clients = urls.map((url) => purchaser(url, Math.ceil(buyers / urls.length)));
  const measured = await loop(
    (buyer) => clients[buyer % clients.length].once(tokens[buyer], partIds[buyer]),
    buyers,
  );
  for (const client of clients) client.close();
  const placed = (before - (await piecesLeft(urls[0], partIds))) / quantity;
  const answered = Math.round(measured.rps * seconds) - measured.errors;
  if (placed !== answered) console.error(`${what}: ${placed} orders placed, ${answered} answered 201`);
  return { ...measured, placed };
}

/** A second of orders from ten buyers through every server, to warm the code paths: not measured. */
export async function warmOrders(urls, tokens, parts) {
  const clients = urls.map((url) => purchaser(url, 10));
  const until = performance.now() + 1000;
  await Promise.all(
    tokens.slice(0, 10).map(async (token, i) => {
      while (performance.now() < until) await clients[i % clients.length].once(token, parts[i]._id);
    }),
  );
  for (const client of clients) client.close();
}
