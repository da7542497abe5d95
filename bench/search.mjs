// The catalog search at scale (`npm run bench:search`, or `node bench/search.mjs` after
// `npm run build`): a generated catalog of 10,000 and of 1,000,000 parts in 200 categories
// (lib/catalog-generator.mjs), each in a database of its own, both shops running, measured in
// turns at 10 connections:
//   - a search with words, a category, two filters and its facets:
//     GET /api/catalog/search?q=<the category's noun>&category=<id>&f.<number>=lo..hi&f.package=a,b
//   - a part-number lookup: GET /api/catalog/search?q=<an mpn in other case and punctuation>
// Targets (the scale issue): the search's p99 ≤ 100 ms and its rate at 1,000,000 parts ≥ 0.3 of
// its rate at 10,000; the lookup's rate at 1,000,000 ≥ 0.8 of its rate at 10,000.
// BENCH_SEARCH_DATABASES=sqlite,postgres; BENCH_SEARCH_SIZES=10000,1000000 (the first is the base
// of the ratios); BENCH_SECONDS the length of each measurement, in 5 rounds of turns.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { generateCategories, generateParts, loadCatalog, random } from './lib/catalog-generator.mjs';
import { combineRounds, connections, load, median, seconds, table } from './lib/load.mjs';
import { call, freePort, freshDatabase, postgresAnswers, startShop } from './lib/shop.mjs';

const sizes = (process.env.BENCH_SEARCH_SIZES ?? '10000,1000000').split(',').map(Number);
const wanted = (process.env.BENCH_SEARCH_DATABASES ?? 'sqlite,postgres').split(',');
const ROUNDS = 5;
/** How many distinct URLs each measurement cycles through. */
const URLS = 1000;
const PARTS_PER_BATCH = 5000;

const categories = generateCategories();
/** Categories a buyer narrows to: the sub-categories, whose parts carry their attributes. */
const leaves = categories.filter((category) => category.parentId);

/** Searches with the category's noun, the category, a range of its main value and two packages. */
function searchPaths(count) {
  const next = random(7);
  const paths = [];
  for (let i = 0; i < count; i++) {
    const category = leaves[Math.floor(next() * leaves.length)];
    const [main, pkg] = category.attributes;
    const sorted = main.values.toSorted((a, b) => a - b);
    // A third of the values: with two of the ten packages, a fifteenth of the category's parts.
    const span = Math.max(1, Math.floor(sorted.length / 3));
    const lo = Math.floor(next() * (sorted.length - span));
    const packages = pkg.values.toSorted(() => next() - 0.5).slice(0, 2);
    const query = new URLSearchParams({
      q: category.family.noun.toLowerCase(),
      category: category.id,
      [`f.${main.key}`]: `${sorted[lo]}..${sorted[lo + span - 1]}`,
      'f.package': packages.join(','),
    });
    paths.push(`/api/catalog/search?${query}`);
  }
  return paths;
}

/** Part-number lookups of parts in the catalog of `size`, each mpn in other case and punctuation. */
function lookupPaths(size, count) {
  const next = random(11);
  const batches = Math.ceil(size / PARTS_PER_BATCH);
  const chosen = new Set();
  while (chosen.size < Math.min(10, batches)) chosen.add(Math.floor(next() * batches));
  const expected = [];
  for (const batch of chosen) {
    const from = batch * PARTS_PER_BATCH;
    const { parts } = generateParts(categories, from, Math.min(size, from + PARTS_PER_BATCH));
    for (let i = 0; i < count / chosen.size; i++) expected.push(parts[Math.floor(next() * parts.length)]);
  }
  return expected.map((part) => {
    // RC0603DR-000047KL → "rc.0603dr 000047kl": what partNumberKey ignores, changed.
    const q = part.mpn
      .toLowerCase()
      .replace(/^([a-z]+)/, '$1.')
      .replace('-', ' ');
    return { path: `/api/catalog/search?${new URLSearchParams({ q })}`, mpn: part.mpn };
  });
}

/** autocannon sending the paths in turn, over and over. */
function cycling(url, paths) {
  let next = 0;
  return {
    url,
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

/**
 * Lets the requests a load left behind finish (a slow search keeps running after its client is
 * gone, and would take the machine from the next shop's turn): a lookup of an unknown part queues
 * behind them, and answers 404.
 */
async function settle(url) {
  await fetch(`${url}/api/partsById?id=${randomUUID()}`);
}

/** Each shop in turn, `ROUNDS` times: per shop, its requests/s over all rounds and the median round's latencies. */
async function inTurns(shops, options) {
  const duration = Math.max(1, Math.round(seconds / ROUNDS));
  const runs = shops.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, shop] of shops.entries()) {
      runs[i].push(await load({ ...options(shop), duration }));
      await settle(shop.url);
    }
  return runs.map((rounds) => ({
    ...combineRounds(rounds),
    worstP99: Math.max(...rounds.map((r) => r.p99)),
  }));
}

// Load shedding off, as in growth.mjs's history: the cost of a search, not what a busy
// machine sheds (SQLite's searches hold the event loop while they read).
const env = { SEED_DEMO: 'false', MAX_EVENT_LOOP_DELAY_MS: '0' };

async function measure(kind) {
  const shops = [];
  const loads = [];
  try {
    for (const size of sizes) {
      const database = await freshDatabase(kind);
      const shop = { size, database, stop: async () => {} };
      shops.push(shop);
      // The shop migrates the empty database; the catalog is written while it is stopped.
      await (await startShop({ database, port: await freePort(), env })).stop();
      const loaded = await loadCatalog(database, size);
      const phases = Object.entries(loaded.phases)
        .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
        .join(', ');
      loads.push({ size, seconds: loaded.ms / 1000, phases });
      console.error(
        `${kind}: ${size.toLocaleString('en')} parts loaded in ${(loaded.ms / 1000).toFixed(1)} s (${phases})`,
      );
    }
    // The shops start once every catalog is written (not idle through a quarter-hour's load).
    for (const shop of shops) {
      Object.assign(shop, await startShop({ database: shop.database, port: await freePort(), env }));
      shop.search = searchPaths(URLS);
      shop.lookups = lookupPaths(shop.size, URLS);
      // Each kind of request answers as it should before it is measured (a search that does
      // not answer in time, say past the statement timeout, is counted, not fatal).
      const [lookup] = shop.lookups;
      const named = (await call(`${shop.url}${lookup.path}`)).json;
      if (named.parts[0]?.mpn !== lookup.mpn) throw new Error(`${lookup.path}: not ${lookup.mpn} first`);
      shop.searchTotals = [];
      shop.failed = [];
      for (const path of shop.search.slice(0, 20)) {
        const res = await fetch(`${shop.url}${path}`);
        const body = await res.json();
        if (!res.ok) {
          shop.failed.push(res.status);
          continue;
        }
        if (!(body.facets.length >= 5))
          throw new Error(`${path}: ${body.total} parts, ${body.facets.length} facets`);
        shop.searchTotals.push(body.total);
      }
      // Warm: a pass over the URLs from one connection, not measured.
      await load({ ...cycling(shop.url, shop.search), connections: 1, duration: 2 });
      await load({
        ...cycling(
          shop.url,
          shop.lookups.map((l) => l.path),
        ),
        connections: 1,
        duration: 2,
      });
    }
    const searches = await inTurns(shops, (shop) => cycling(shop.url, shop.search));
    const lookups = await inTurns(shops, (shop) =>
      cycling(
        shop.url,
        shop.lookups.map((l) => l.path),
      ),
    );
    const rows = [];
    const base = 0;
    for (const [i, shop] of shops.entries()) {
      const parts = `${shop.size.toLocaleString('en')} parts`;
      const ratio = (runs) =>
        i === base
          ? ''
          : `${(runs[i].rps / runs[base].rps).toFixed(2)} of ${sizes[base].toLocaleString('en')}`;
      rows.push({
        what: `search: words, category, 2 filters, facets (median ${median(shop.searchTotals) ?? '–'} found${shop.failed.length > 0 ? `; ${shop.failed.length} of 20 answered ${[...new Set(shop.failed)].join(', ')} before the load` : ''})`,
        target: `${parts}; worst round p99 ${searches[i].worstP99} ms`,
        ...searches[i],
        share: ratio(searches),
      });
      rows.push({ what: 'part-number lookup', target: parts, ...lookups[i], share: ratio(lookups) });
    }
    return { rows, loads };
  } finally {
    for (const shop of shops) {
      await shop.stop();
      await shop.database.drop();
    }
  }
}

const kinds = wanted.filter((kind) => kind === 'sqlite' || kind === 'postgres');
if (kinds.includes('postgres') && !(await postgresAnswers())) kinds.splice(kinds.indexOf('postgres'), 1);
console.log(
  `\n${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? ''}; ${seconds} s per measurement in ${ROUNDS} rounds of turns, ${connections} connections; load average ${os.loadavg()[0].toFixed(1)}; ${new Date().toISOString()}`,
);
for (const kind of kinds) {
  const { rows, loads } = await measure(kind);
  console.log(`\n### ${kind}\n\n${table(rows, { target: 'catalog', share: 'rate at this size / base' })}`);
  for (const { size, seconds: took, phases } of loads)
    console.log(
      `\n${size.toLocaleString('en')} parts generated and loaded in ${took.toFixed(1)} s (${phases})`,
    );
  console.log(`\nload average after: ${os.loadavg()[0].toFixed(1)}`);
}
