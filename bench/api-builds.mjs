// The API's reads and purchases for this build and other builds of the server side by side, in
// one run: `npm run build && node bench/api-builds.mjs sqlite|postgres <other dist/main.js>…`.
// Every read takes turns in rounds (the bare server, then each build); purchases take turns with
// the bare transaction. Ratios, not absolute figures, compare on a noisy machine.
import os from 'node:os';
import path from 'node:path';
import {
  acceptLoad,
  admin,
  approveLoad,
  bareHttpPurchase,
  barePostgresPurchase,
  bareSqlitePurchase,
  ORDER_LINES,
  offeredQuotes,
  orderLoad,
  pendingOrders,
  prepare,
  purchaseLoad,
  setMemberships,
  unlimited,
} from './api.mjs';
import { bareServer, combineRounds, connections, load, loop, median, seconds, table } from './lib/load.mjs';
import { call, freePort, freshDatabase, residentMemory, root, startShop } from './lib/shop.mjs';

const [kind = 'sqlite', ...others] = process.argv.slice(2);
const builds = [path.join(root, 'apps/server/dist/main.js'), ...others.map((p) => path.resolve(p))];
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const only = (process.env.BENCH_ONLY ?? 'reads,purchase,orders,quotes,companies').split(',');
/** How many orders waiting for approval each round of approvals uses up. */
const APPROVALS_A_ROUND = Number(process.env.BENCH_APPROVALS ?? 2000);
/** How many offered quotes each round of accepts uses up. */
const QUOTES_A_ROUND = Number(process.env.BENCH_QUOTES ?? 2000);
console.log(
  `\n${os.availableParallelism()} cores; ${kind}; ${seconds} s per measurement in ${rounds} rounds, ${connections} connections; ${new Date().toISOString()}`,
);

/** A build of the shop on a fresh database of its own. */
async function startBuild(entry) {
  const database = await freshDatabase(kind);
  const shop = await startShop({
    database,
    port: await freePort(),
    entry,
    env: {
      SEED_ADMIN_EMAIL: admin.email,
      SEED_ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_PURCHASES_PER_ACCOUNT: unlimited,
      RATE_LIMIT_PURCHASES_PER_IP: unlimited,
      RATE_LIMIT_QUOTE_REQUESTS_PER_ACCOUNT: unlimited,
      UNPAID_ORDERS_PER_BUYER: unlimited,
    },
  });
  return { entry, database, shop, memory: { idle: residentMemory(shop.pid) }, who: await prepare(shop.url) };
}

const shops = [];
/** The bare transactions' database, when the purchases are measured. */
let bareDatabase;
try {
  for (const entry of builds) shops.push(await startBuild(entry));
  const name = (entry) => path.relative(root, entry);
  /** Statistics brought up to date before a measurement, as a production database keeps them. */
  const analyzed = () =>
    Promise.all(
      [...shops.map((s) => s.database), ...(bareDatabase ? [bareDatabase] : [])].map((d) => d.analyze()),
    );
  const duration = Math.max(1, Math.round(seconds / rounds));
  const rows = [];
  const reads = [
    ['GET /api/parts', () => '/api/parts'],
    ['GET /api/partsById', (who) => `/api/partsById?id=${who.partId}`],
    ['GET /api/review', () => '/api/review'],
  ];
  for (const [what, pathOf] of only.includes('reads') ? reads : []) {
    const first = shops[0];
    const sample = await call(`${first.shop.url}${pathOf(first.who)}`);
    const bare = await bareServer(
      Buffer.from(sample.text),
      sample.headers.get('content-type'),
      await freePort(),
    );
    const ceilings = [];
    const runs = shops.map(() => []);
    for (let round = 0; round < rounds; round++) {
      ceilings.push(await load({ url: bare.url, duration }));
      for (const [i, s] of shops.entries())
        runs[i].push(await load({ url: `${s.shop.url}${pathOf(s.who)}`, duration }));
    }
    await bare.close();
    rows.push({ what, target: 'bare node:http, same bytes', ...combineRounds(ceilings) });
    for (const [i, s] of shops.entries()) {
      const ratio = median(runs[i].map((r, k) => r.rps / ceilings[k].rps));
      rows.push({
        what,
        target: name(s.entry),
        ...combineRounds(runs[i]),
        share: `${Math.round(ratio * 100)}%`,
      });
    }
  }
  for (const s of shops) s.memory.afterReads = residentMemory(s.shop.pid);
  if (only.includes('purchase')) {
    const ceilings = [];
    const behindHttp = [];
    const runs = shops.map(() => []);
    // The bare transactions write into a database of their own, set up as the builds' are (this
    // build started on it, then stopped): in a build's database their orders would pile up among
    // its buyers' open orders, which each of its purchases counts, and slow that build alone.
    const bareSetUp = await startBuild(builds[0]);
    await bareSetUp.shop.stop();
    bareDatabase = bareSetUp.database;
    const bareWho = bareSetUp.who;
    // The bare transaction behind bare node:http too: what HTTP alone costs a purchase.
    const bareHttp = await bareHttpPurchase(bareDatabase, bareWho, await freePort());
    for (let round = 0; round < rounds; round++) {
      await analyzed();
      for (const [i, s] of shops.entries()) {
        runs[i].push(await purchaseLoad(s.shop.url, s.who, duration));
      }
      behindHttp.push(await purchaseLoad(bareHttp.url, bareWho, duration));
      const bare =
        kind === 'sqlite'
          ? bareSqlitePurchase(bareDatabase.url.slice('sqlite:'.length), bareWho)
          : barePostgresPurchase(bareDatabase.url, bareWho);
      ceilings.push(await loop(bare.once, bare.workers, duration));
      await bare.close();
    }
    await bareHttp.close();
    rows.push({ what: 'POST /api/purchase', target: 'bare transaction', ...combineRounds(ceilings) });
    rows.push({
      what: 'POST /api/purchase',
      target: 'bare transaction behind bare node:http',
      ...combineRounds(behindHttp),
      share: `${Math.round(median(behindHttp.map((r, k) => r.rps / ceilings[k].rps)) * 100)}%`,
    });
    for (const [i, s] of shops.entries()) {
      const ratio = median(runs[i].map((r, k) => r.rps / ceilings[k].rps));
      rows.push({
        what: 'POST /api/purchase',
        target: name(s.entry),
        ...combineRounds(runs[i]),
        share: `${Math.round(ratio * 100)}%`,
      });
    }
  }
  if (only.includes('orders')) {
    // A many-line order beside a one-line order of this build (builds before it have no
    // POST /api/orders), in turns: each line is one more part's stock taken and one more line
    // written in the same transaction.
    for (const s of shops.slice(0, 1)) {
      const single = [];
      const many = [];
      for (let round = 0; round < rounds; round++) {
        await analyzed();
        single.push(await orderLoad(s.shop.url, s.who, 1, duration));
        many.push(await orderLoad(s.shop.url, s.who, ORDER_LINES, duration));
      }
      rows.push({ what: 'POST /api/orders, 1 line', target: name(s.entry), ...combineRounds(single) });
      const ratio = median(many.map((r, k) => r.rps / single[k].rps));
      rows.push({
        what: `POST /api/orders, ${ORDER_LINES} lines`,
        target: name(s.entry),
        ...combineRounds(many),
        share: `${Math.round(ratio * 100)}% of 1 line`,
      });
    }
  }
  if (only.includes('quotes')) {
    // Accepting a quote (an order at agreed prices, placed once) beside a purchase of this build
    // (builds before it have no quotes), in turns; each round accepts quotes offered before it.
    for (const s of shops.slice(0, 1)) {
      const purchases = [];
      const accepts = [];
      for (let round = 0; round < rounds; round++) {
        const quotes = await offeredQuotes(s.shop.url, s.who, QUOTES_A_ROUND);
        await analyzed();
        purchases.push(await purchaseLoad(s.shop.url, s.who, duration));
        accepts.push(await acceptLoad(s.shop.url, quotes));
      }
      rows.push({ what: 'POST /api/purchase', target: name(s.entry), ...combineRounds(purchases) });
      const ratio = median(accepts.map((r, k) => r.rps / purchases[k].rps));
      rows.push({
        what: 'POST /api/quotes/{id}/accept',
        target: name(s.entry),
        ...combineRounds(accepts),
        share: `${Math.round(ratio * 100)}% of a purchase`,
      });
    }
  }
  if (only.includes('companies')) {
    // A company member's purchase under a monthly limit (their month's orders summed, their row
    // locked) beside a purchase by a buyer in no company; and a company admin's approval beside a
    // purchase. In turns; the companies are written straight into the database (this build only).
    for (const s of shops.slice(0, 1)) {
      const plain = [];
      const limited = [];
      const purchases = [];
      const approvals = [];
      for (let round = 0; round < rounds; round++) {
        await setMemberships(s.database, s.who, null);
        await analyzed();
        plain.push(await purchaseLoad(s.shop.url, s.who, duration));
        await setMemberships(s.database, s.who, { role: 'buyer', limit: 1_000_000_000 });
        limited.push(await purchaseLoad(s.shop.url, s.who, duration));
        await setMemberships(s.database, s.who, null);
        purchases.push(await purchaseLoad(s.shop.url, s.who, duration));
        // Each buyer the admin of their own company, with a limit of 0: every order waits.
        await setMemberships(s.database, s.who, { role: 'admin', limit: 0 });
        const pending = await pendingOrders(s.shop.url, s.who, APPROVALS_A_ROUND);
        await analyzed();
        approvals.push(await approveLoad(s.shop.url, pending));
      }
      await setMemberships(s.database, s.who, null);
      rows.push({ what: 'POST /api/purchase, no company', target: name(s.entry), ...combineRounds(plain) });
      const limitRatio = median(limited.map((r, k) => r.rps / plain[k].rps));
      rows.push({
        what: 'POST /api/purchase, member with a limit',
        target: name(s.entry),
        ...combineRounds(limited),
        share: `${Math.round(limitRatio * 100)}% of no company`,
      });
      rows.push({ what: 'POST /api/purchase', target: name(s.entry), ...combineRounds(purchases) });
      const approvalRatio = median(approvals.map((r, k) => r.rps / purchases[k].rps));
      rows.push({
        what: 'POST /api/orders/{id}/approve',
        target: name(s.entry),
        ...combineRounds(approvals),
        share: `${Math.round(approvalRatio * 100)}% of a purchase`,
      });
    }
  }
  console.log(`\n${table(rows)}`);
  console.log('\nResident memory (MB): idle right after start; after the reads; after every load (peak)');
  for (const s of shops) {
    const { idle, afterReads } = s.memory;
    const end = residentMemory(s.shop.pid);
    console.log(`${name(s.entry)}: ${idle.rssMb}; ${afterReads.rssMb}; ${end.rssMb} (${end.peakMb})`);
  }
} finally {
  for (const s of shops) {
    await s.shop.stop();
    await s.database.drop();
  }
  await bareDatabase?.drop();
}
