// npm run bench:growth: how the cost of catalog reads grows with the catalog (100, 10,000 and
// 100,000 parts) and how orders per second grow with concurrent buyers (1, 10, 100; on one part
// and on a part each), on SQLite and PostgreSQL. Results print as Markdown; record them in
// RESULTS.md. Timings are never asserted in tests.
//
//   node bench/growth.mjs [catalog] [orders]     (both by default; after npm run build)
//   BENCH_GROWTH_SIZES=100000 BENCH_GROWTH_DATABASES=postgres node bench/growth.mjs catalog
//   BENCH_GROWTH_BASELINE=/path/to/an/earlier/build/main.js …   (before and after, in one run)
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fewQueries, fillCatalog, listed, manyQueries, noneQueries, shortQueries } from './lib/catalog.mjs';
import { combineRounds, connections, load, seconds, table } from './lib/load.mjs';
import { orderRun, signedInBuyers, unlimitedPurchases, warmOrders } from './lib/orders.mjs';
import {
  call,
  defaultEntry,
  freePort,
  freshDatabase,
  postgresAnswers,
  root,
  startShop,
} from './lib/shop.mjs';

const sizes = (process.env.BENCH_GROWTH_SIZES ?? '100,10000,100000').split(',').map(Number);
const sections = process.argv.slice(2).length ? process.argv.slice(2) : ['catalog', 'orders'];

/**
 * The shop keeps each public answer until a write changes the catalog, at most 500 of them, the
 * least recently used going first. Cycling through more distinct URLs than that makes every
 * request a miss: the uncached cost. Page sizes vary from 11 to 30 (20 on average) so that even
 * 100 parts give enough distinct URLs.
 */
const CACHE_ENTRIES = 500;
const limits = Array.from({ length: 20 }, (_, i) => 11 + i);

/** Distinct URLs, query-major: the k-th is the (k mod n)-th value with the (k div n)-th page size. */
function distinctUrls(values, toPath) {
  const urls = [];
  for (const limit of limits) for (const value of values.slice(0, 5000)) urls.push(toPath(value, limit));
  if (urls.length <= CACHE_ENTRIES) throw new Error(`only ${urls.length} distinct URLs`);
  return urls;
}

/** autocannon sending the URLs in turn, over and over. */
function cycling(base, paths) {
  let next = 0;
  return {
    url: base,
    requests: [
      {
        setupRequest(request) {
          const path = paths[next];
          next = (next + 1) % paths.length;
          return { ...request, path };
        },
      },
    ],
  };
}

const search = (q, limit = 20) => `/api/parts?q=${encodeURIComponent(q)}&limit=${limit}`;
const page = (offset, limit = 20) => `/api/parts?limit=${limit}&offset=${offset}`;

/**
 * Lets requests a load left behind finish (a slow query keeps running after its client is gone):
 * a lookup of an unknown part queues behind them for the database, and answers 404.
 */
async function settle(url) {
  await fetch(`${url}/api/partsById?id=${randomUUID()}`);
  await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * BENCH_GROWTH_BASELINE: another build's apps/server/dist/main.js (the one before a change),
 * run beside this build on a database of its own with the same catalog. Every uncached
 * measurement then alternates between the two in rounds, so that load from elsewhere on a
 * shared machine falls on both alike.
 */
const baseline = process.env.BENCH_GROWTH_BASELINE;

/** Measures each build in turn, `rounds` times; answers per build its requests/s over all rounds and its median round's latencies. */
async function inTurns(shops, options, rounds) {
  const duration = Math.max(1, Math.round(seconds / rounds));
  const runs = shops.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, shop] of shops.entries()) {
      runs[i]?.push(await load({ ...options(shop), ...(rounds > 1 ? { duration } : {}) }));
      await settle(shop.url);
    }
  }
  return runs.map(combineRounds);
}

/**
 * The catalog reads at every size (the catalog grows between them), on this build and the
 * baseline if one is given. Each read is measured three ways: one URL again and again (answered
 * from the cache), distinct URLs from one connection (the cost of one request: its latency on an
 * idle shop), and distinct URLs from ten connections (how many the shop answers per second).
 */
async function measureCatalog(kind) {
  const builds = [
    ...(baseline ? [{ name: 'baseline', entry: baseline }] : []),
    { name: baseline ? 'this build' : '', entry: undefined },
  ];
  const shops = [];
  const rows = [];
  try {
    for (const build of builds) {
      const shop = { ...build, database: await freshDatabase(kind), stop: async () => {} };
      shops.push(shop);
      const env = { SEED_DEMO: 'false' };
      Object.assign(
        shop,
        await startShop({ database: shop.database, port: await freePort(), entry: build.entry, env }),
      );
    }
    let size = 0;
    for (const target of sizes) {
      for (const shop of shops) {
        const started = performance.now();
        await fillCatalog(shop.database, size, target);
        console.error(
          `${kind}${shop.name ? ` (${shop.name})` : ''}: ${target} parts written in ${Math.round(performance.now() - started)} ms`,
        );
      }
      size = target;
      const inCatalog = listed(size);
      const window = Math.min(1000, Math.ceil(inCatalog / 3));
      const offsets = (from) => Array.from({ length: window }, (_, i) => Math.max(0, from + i));
      const middle = Math.floor(inCatalog / 2);
      const cases = [
        ['q: a part number (1 or 10 parts)', search('000042'), fewQueries(size)],
        ['q: a word (many parts)', search('screwdriver'), manyQueries()],
        ['q: 1–2 letters', search('er'), shortQueries()],
        ['q: nothing matches', search('qzjx'), noneQueries(5000)],
        ['page at the start', page(0), offsets(0), true],
        ['page in the middle', page(middle), offsets(Math.floor(middle - window / 2)), true],
        ['page at the end', page(inCatalog - 20), offsets(inCatalog - 20 - window), true],
      ];
      for (const [what, cachedPath, values, paging] of cases) {
        const label = `${size.toLocaleString('en')} parts: ${what}`;
        const paths = distinctUrls(values, paging ? (offset, limit) => page(offset, limit) : search);
        // One cycle per shop, carried on from load to load: a URL comes round again only after
        // more others than the cache keeps (starting over would meet the warm-up's answers).
        const cycles = new Map(shops.map((shop) => [shop, cycling(shop.url, paths)]));
        const uncached = (shop) => cycles.get(shop);
        const measured = shops.map(() => ({}));
        for (const [i, shop] of shops.entries()) {
          measured[i].total = (await call(`${shop.url}${cachedPath}`)).headers.get('x-total-count');
          // The first requests after the catalog grew warm what they read: not measured.
          await load({ ...uncached(shop), connections: 1, duration: 1 });
          await settle(shop.url);
          measured[i].cached = await load({ url: `${shop.url}${cachedPath}` });
        }
        const rounds = shops.length > 1 ? 3 : 1;
        const one = await inTurns(shops, (shop) => ({ ...uncached(shop), connections: 1 }), rounds);
        const ten = await inTurns(shops, uncached, rounds);
        for (const [i, shop] of shops.entries()) {
          const who = shop.name ? `${shop.name}, ` : '';
          const { total, cached } = measured[i];
          rows.push({ what: label, target: `${who}cached, 10 connections`, ...cached, share: total });
          rows.push({
            what: label,
            target: `${who}uncached (${paths.length} URLs), 1 connection`,
            ...one[i],
          });
          rows.push({ what: label, target: `${who}uncached, 10 connections`, ...ten[i] });
        }
      }
    }
  } finally {
    for (const shop of shops) {
      await shop.stop();
      await shop.database.drop();
    }
  }
  return rows;
}

/** Orders per second with 1, 10 and 100 buyers, all on one part and each on a part of their own. */
async function measureOrders(database) {
  const shop = await startShop({
    database,
    port: await freePort(),
    env: {
      SEED_DEMO: 'false',
      ...unlimitedPurchases,
      // A pool as large as the crowd of buyers would hide the queue a real deployment has.
      DATABASE_POOL_MAX: '10',
    },
  });
  const rows = [];
  try {
    const most = 100;
    await fillCatalog(database, 0, most + 2);
    const parts = (await call(`${shop.url}/api/parts?limit=${most}`)).json;
    const tokens = await signedInBuyers(database, most, [shop.url]);
    await warmOrders([shop.url], tokens, parts);
    for (const buyers of [1, 10, 100]) {
      for (const [what, partOf] of [
        ['one part', () => parts[0]],
        ['a part each', (buyer) => parts[buyer]],
      ]) {
        const { placed, ...measured } = await orderRun({
          urls: [shop.url],
          tokens,
          partOf,
          buyers,
          what: `${what}, ${buyers} buyers`,
        });
        rows.push({
          what: `POST /api/purchase, ${buyers} buyer${buyers > 1 ? 's' : ''}`,
          target: what,
          ...measured,
          share: placed,
        });
      }
    }
  } finally {
    await shop.stop();
  }
  return rows;
}

const kinds = (process.env.BENCH_GROWTH_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .filter((kind) => kind === 'sqlite' || kind === 'postgres');
const answering = await postgresAnswers();
console.log(
  `\n${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? ''}; ${seconds} s per measurement, ${connections} connections for reads; build ${path.relative(root, defaultEntry)}; ${new Date().toISOString()}`,
);
for (const kind of kinds) {
  if (kind === 'postgres' && !answering) {
    console.log('\nPostgreSQL does not answer: skipped.');
    continue;
  }
  if (sections.includes('catalog')) {
    const rows = await measureCatalog(kind);
    console.log(`\n### ${kind}: catalog reads\n\n${table(rows, { target: 'case', share: 'x-total-count' })}`);
  }
  if (sections.includes('orders')) {
    const database = await freshDatabase(kind);
    try {
      const rows = await measureOrders(database);
      console.log(`\n### ${kind}: orders\n\n${table(rows, { target: 'buyers on', share: 'orders placed' })}`);
    } finally {
      await database.drop();
    }
  }
}
