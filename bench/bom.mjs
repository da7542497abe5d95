// A bill of materials matched at scale (`node bench/bom.mjs` after `npm run build`): a generated
// catalog (lib/catalog-generator.mjs, BENCH_BOM_CATALOG parts, default 100,000) in a database of
// its own, the built shop on it, and `POST /api/bom` with CSV files of BENCH_BOM_LINES lines
// (default 50 and 5000; the first is the base of the ratio), in turns, BENCH_BOM_ROUNDS times
// (default 5), one request at a time. Each file mixes what buyers write: manufacturer's numbers
// as the catalog writes them and in other case and punctuation, our ids, the start of a number,
// a description without a number, and numbers nobody sells.
// Target (issue 40): the 5,000-line BOM's median time ≤ 40 × the 50-line BOM's, in the same run;
// the shop's peak memory is reported beside it. BENCH_BOM_DATABASES=sqlite,postgres.
import os from 'node:os';
import { generateCategories, loadCatalog, loadedParts, random } from './lib/catalog-generator.mjs';
import { median } from './lib/load.mjs';
import { signedInBuyers } from './lib/orders.mjs';
import { freePort, freshDatabase, postgresAnswers, residentMemory, startShop } from './lib/shop.mjs';

const catalogSize = Number(process.env.BENCH_BOM_CATALOG ?? 100_000);
const sizes = (process.env.BENCH_BOM_LINES ?? '50,5000').split(',').map(Number);
const rounds = Number(process.env.BENCH_BOM_ROUNDS ?? 5);
const wanted = (process.env.BENCH_BOM_DATABASES ?? 'sqlite,postgres').split(',');
const TARGET = 40;

/** A BOM of `lines` lines drawn from the catalog's first parts, as CSV with a header. */
function bomFile(lines, parts, seed) {
  const next = random(seed);
  const rows = ['Designator,Manufacturer Part Number,Qty,Description'];
  for (let i = 0; i < lines; i++) {
    const part = parts[Math.floor(next() * parts.length)];
    const kind = next();
    let number;
    let description = '';
    if (kind < 0.5) number = part.mpn;
    else if (kind < 0.7) number = part.mpn.toLowerCase().replace('-', ' ');
    else if (kind < 0.8) number = part.id;
    else if (kind < 0.85) number = part.mpn.slice(0, 6);
    else if (kind < 0.92) {
      number = `X-${i}`;
      description = part.name.split(' ').slice(0, 2).join(' ');
    } else number = `NOBODY-${i}`;
    rows.push(`R${i},${number},${1 + Math.floor(next() * 20)},"${description}"`);
  }
  return rows.join('\r\n');
}

/** One POST /api/bom of the file: its time in ms, after checking every line came back. */
async function postBom(url, token, csv, lines) {
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'bom.csv');
  form.set('boards', '25');
  form.set('attrition', '2.5');
  const started = performance.now();
  const res = await fetch(`${url}/api/bom`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`POST /api/bom: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  if (body.lines.length !== lines) throw new Error(`${body.lines.length} lines came back of ${lines}`);
  return { ms, unmatched: body.unmatched };
}

async function measure(kind) {
  const database = await freshDatabase(kind);
  let shop;
  try {
    const env = { SEED_DEMO: 'false', MAX_EVENT_LOOP_DELAY_MS: '0' };
    await (await startShop({ database, port: await freePort(), env })).stop();
    const loaded = await loadCatalog(database, catalogSize);
    console.error(
      `${kind}: ${catalogSize.toLocaleString('en')} parts loaded in ${(loaded.ms / 1000).toFixed(1)} s`,
    );
    await database.analyze();
    shop = await startShop({ database, port: await freePort(), env });
    const [token] = await signedInBuyers(database, 1, [shop.url]);
    // The parts as the load made them (batch by batch): the file names parts that are there.
    const parts = loadedParts(generateCategories(), 0, Math.min(catalogSize, 20_000));
    const files = sizes.map((lines, i) => ({ lines, csv: bomFile(lines, parts, 31 + i) }));
    // Warm: each size once, not measured.
    for (const file of files) await postBom(shop.url, token, file.csv, file.lines);
    const times = files.map(() => []);
    const unmatched = files.map(() => 0);
    for (let round = 0; round < rounds; round++)
      for (const [i, file] of files.entries()) {
        const run = await postBom(shop.url, token, file.csv, file.lines);
        times[i].push(run.ms);
        unmatched[i] = run.unmatched;
      }
    const base = median(times[0]);
    const rows = files.map((file, i) => {
      const ms = median(times[i]);
      const ratio = ms / base;
      return {
        what: `${file.lines.toLocaleString('en')}-line BOM (${unmatched[i]} unmatched)`,
        median: `${ms.toFixed(0)} ms`,
        slowest: `${Math.max(...times[i]).toFixed(0)} ms`,
        perLine: `${((ms * 1000) / file.lines).toFixed(0)} µs`,
        ratio:
          i === 0 ? '' : `${ratio.toFixed(1)}× (target ≤ ${TARGET}×: ${ratio <= TARGET ? 'met' : 'missed'})`,
      };
    });
    return { rows, memory: residentMemory(shop.pid) };
  } finally {
    await shop?.stop();
    await database.drop();
  }
}

const kinds = wanted.filter((kind) => kind === 'sqlite' || kind === 'postgres');
if (kinds.includes('postgres') && !(await postgresAnswers())) kinds.splice(kinds.indexOf('postgres'), 1);
console.log(
  `\n${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? ''}; ${catalogSize.toLocaleString('en')} parts; ${rounds} rounds of turns, one request at a time; ${new Date().toISOString()}`,
);
for (const kind of kinds) {
  const { rows, memory } = await measure(kind);
  const lines = [
    `| what | median time | slowest | per line | time / ${sizes[0]}-line BOM's |`,
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.what} | ${row.median} | ${row.slowest} | ${row.perLine} | ${row.ratio} |`),
  ];
  console.log(`\n### ${kind}\n\n${lines.join('\n')}`);
  console.log(`\nthe shop's memory after: ${memory.rssMb} MB resident, peak ${memory.peakMb} MB`);
}
