// npm run bench:growth: how the cost of catalog reads grows with the catalog (100, 10,000 and
// 100,000 parts) and how orders per second grow with concurrent buyers (1, 10, 100; on one part
// and on a part each), on SQLite and PostgreSQL. Results print as Markdown; record them in
// RESULTS.md. Timings are never asserted in tests.
//
// And what a buyer's history costs a purchase: a buyer with 10,000 earlier orders (paid, net-30
// invoiced, open under a raised cap) of their company this month beside a new buyer.
//
//   node bench/growth.mjs [catalog] [orders] [history]     (all by default; after npm run build)
//   BENCH_GROWTH_SIZES=100000 BENCH_GROWTH_DATABASES=postgres node bench/growth.mjs catalog
//   BENCH_GROWTH_BASELINE=/path/to/an/earlier/build/main.js …   (before and after, in one run)
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fewQueries, fillCatalog, listed, manyQueries, noneQueries, shortQueries } from './lib/catalog.mjs';
import { combineRounds, connections, load, loop, median, seconds, table } from './lib/load.mjs';
import {
  orderRun,
  purchaser,
  quantity,
  signedInBuyers,
  unlimitedPurchases,
  warmOrders,
} from './lib/orders.mjs';
import {
  call,
  defaultEntry,
  freePort,
  freshDatabase,
  postgresAnswers,
  root,
  runSql,
  startShop,
} from './lib/shop.mjs';

const sizes = (process.env.BENCH_GROWTH_SIZES ?? '100,10000,100000').split(',').map(Number);
const sections = process.argv.slice(2).length ? process.argv.slice(2) : ['catalog', 'orders', 'history'];

/**
 * How many distinct URLs a read cycles through. Builds before the plain house kept at most 500
 * public answers: cycling through more made every request a miss there (the "uncached" cost);
 * the shop keeps none now. Page sizes vary from 11 to 30 (20 on average) so that even 100 parts
 * give enough distinct URLs.
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

/** How many earlier orders the buyer with a history has (BENCH_HISTORY_ORDERS, default 10,000). */
const HISTORY = Number(process.env.BENCH_HISTORY_ORDERS ?? 10_000);

/**
 * A build on a fresh database with a buyer of HISTORY earlier orders of their company this month
 * (card terms, a monthly limit they never reach): a third paid, a third invoiced on account (net
 * 30), a third open (the cap on unpaid orders raised). Written straight into the database, and
 * the running totals of a build that keeps them (migration 0028) counted afresh as that migration
 * counts them. And new buyers, each a member of a company of their own alike, one for each round.
 * Answers { shop, database, heavy, fresh, part }.
 */
async function buyerWithHistory(kind, entry, rounds) {
  const database = await freshDatabase(kind);
  const shop = await startShop({
    database,
    port: await freePort(),
    entry,
    env: {
      SEED_DEMO: 'false',
      ...unlimitedPurchases,
      UNPAID_ORDER_VALUE_UNVERIFIED: '1000000000',
      // Open orders stay open while the bench runs.
      UNPAID_ORDER_RELEASE: 'false',
      // What a purchase costs, not what a loaded shop sheds (on a busy machine it would).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      DATABASE_POOL_MAX: '10',
    },
  });
  await fillCatalog(database, 0, 3);
  const [seeded, measured] = (await call(`${shop.url}/api/parts?limit=2`)).json;
  const [heavy, ...fresh] = await signedInBuyers(database, 1 + rounds, [shop.url]);
  const now = new Date().toISOString();
  await runSql(
    database,
    Array.from({ length: 1 + rounds }, (_, i) => [
      [
        "insert into companies (id, name, vat_id, payment_terms, created_at, updated_at) values (?, ?, null, 'card', ?, ?)",
        [`bench-company-${i}`, `Bench Company ${i}`, now, now],
      ],
      [
        "insert into company_members (company_id, user_id, role, spending_limit, joined_at) select ?, id, 'buyer', 1000000000, ? from users where email = ?",
        [`bench-company-${i}`, now, `buyer-${i}@parts-shop.example`],
      ],
    ]).flat(),
  );
  const [{ id: userId }] = await runSql(database, [
    ["select id from users where email = 'buyer-0@parts-shop.example'"],
  ]);
  const price = seeded.price_per_piece * quantity;
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const orders = Array.from({ length: HISTORY }, (_, i) => {
    const id = randomUUID();
    // Placed in the last seconds (this month), in turns: paid, invoiced on account, open.
    const at = new Date(Date.now() - HISTORY + i).toISOString();
    const [paidAt, paymentId, dueDate] =
      i % 3 === 0 ? [at, `pi_bench_${i}`, null] : i % 3 === 1 ? [null, null, due] : [null, null, null];
    return {
      order: [
        id,
        userId,
        'Buyer 0 Ltd',
        'buyer-0@parts-shop.example',
        seeded._id,
        seeded.name,
        seeded.price_per_piece,
        quantity,
        price,
        '+880 1712 000000',
        'Dhaka',
        at,
        'bench-company-0',
        paidAt,
        paymentId,
        dueDate,
      ],
      line: [id, 0, seeded._id, seeded.name, quantity, seeded.price_per_piece, price],
    };
  });
  const rows = (table, columns, values) =>
    `insert into ${table} (${columns}) values ${values.map((v) => `(${v.map(() => '?').join(', ')})`).join(', ')}`;
  const statements = [];
  for (let start = 0; start < HISTORY; start += 500) {
    const batch = orders.slice(start, start + 500);
    statements.push(
      [
        rows(
          'orders',
          'id, user_id, user_name, email, part_id, part_name, unit_price, quantity, price, mobile, address, created_at, company_id, paid_at, payment_id, due_date',
          batch.map((o) => o.order),
        ),
        batch.flatMap((o) => o.order),
      ],
      [
        rows(
          'order_lines',
          'order_id, line_no, part_id, part_name, quantity, unit_price, price',
          batch.map((o) => o.line),
        ),
        batch.flatMap((o) => o.line),
      ],
    );
  }
  await runSql(database, statements);
  const keepsTotals = await runSql(database, [['select 1 from buyer_totals']]).then(
    () => true,
    () => false,
  );
  if (keepsTotals)
    await runSql(database, [
      ['delete from buyer_totals'],
      ['delete from member_month_spending'],
      [
        `insert into buyer_totals (user_id, open_orders, open_value)
         select user_id, count(*), sum(price) from orders
         where paid_at is null and expired_at is null and due_date is null group by user_id`,
      ],
      [
        `insert into member_month_spending (user_id, company_id, month, spent)
         select user_id, company_id, substr(created_at, 1, 7), sum(price) from orders
         where company_id is not null and expired_at is null and (approval is null or approval <> 'rejected')
         group by user_id, company_id, substr(created_at, 1, 7)`,
      ],
    ]);
  return { shop, database, heavy, fresh, part: measured._id };
}

/**
 * Purchases per second of the buyer with HISTORY earlier orders beside a new buyer's (each
 * round a buyer with no orders yet), in turns, 10 connections each; on this build and the
 * baseline if one is given.
 */
async function measureHistory(kind) {
  const rounds = 5;
  const duration = Math.max(2, Math.round((2 * seconds) / rounds));
  const rows = [];
  for (const build of [
    ...(baseline ? [{ name: 'baseline', entry: baseline }] : []),
    { name: 'this build' },
  ]) {
    const { shop, database, heavy, fresh, part } = await buyerWithHistory(kind, build.entry, rounds);
    try {
      await database.analyze();
      const client = purchaser(shop.url, connections);
      const buying = (token) => loop(() => client.once(token, part), connections, duration);
      // Warm the code paths: not measured.
      await loop(() => client.once(heavy, part), connections, 1);
      const runs = { heavy: [], fresh: [] };
      for (let round = 0; round < rounds; round++) {
        runs.fresh.push(await buying(fresh[round]));
        runs.heavy.push(await buying(heavy));
      }
      client.close();
      const ratio = median(runs.heavy.map((run, i) => run.rps / (runs.fresh[i]?.rps ?? Number.NaN)));
      const who = baseline ? `${build.name}, ` : '';
      rows.push({
        what: 'POST /api/purchase, a new buyer',
        target: `${who}no orders yet`,
        ...combineRounds(runs.fresh),
      });
      rows.push({
        what: 'POST /api/purchase, a buyer with a history',
        target: `${who}${HISTORY.toLocaleString('en')} earlier orders this month`,
        ...combineRounds(runs.heavy),
        share: `${Math.round(ratio * 100)}%`,
      });
    } finally {
      await shop.stop();
      await database.drop();
    }
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
  if (sections.includes('history')) {
    const rows = await measureHistory(kind);
    console.log(
      `\n### ${kind}: a buyer's history\n\n${table(rows, { target: 'buyer', share: 'of a new buyer' })}`,
    );
  }
}
