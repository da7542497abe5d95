// The shop's resident memory right after it starts, as api.mjs reads it (the moment /api/health
// answers, demo catalog and seed admin set), over several starts, for this build and any other
// builds given (`node bench/idle-memory.mjs <another build's dist/main.js>…`, after
// `npm run build`): the starts of the builds alternate, each on a fresh database, so the builds
// compare within one run. `BENCH_STARTS` starts per build and database (default 5),
// `BENCH_DATABASES=sqlite,postgres` (PostgreSQL is skipped when it does not answer).
// Then, on each start, 10,000 made-up page addresses (`BENCH_MADE_UP_PATHS`: random
// `/dashboard/...` and `/parts/...` paths, 10 at a time) and the resident memory after them: a
// made-up address must cost no memory (target: within 20 MB of idle).

import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, freshDatabase, postgresAnswers, root, startShop } from './lib/shop.mjs';

const starts = Number(process.env.BENCH_STARTS ?? 5);
const madeUpPaths = Number(process.env.BENCH_MADE_UP_PATHS ?? 10_000);

/** Asks for `count` made-up page addresses, 10 at a time, reading each answer whole. */
async function askMadeUpPaths(base, count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const path =
        i % 2 === 0
          ? `/dashboard/${randomBytes(8).toString('hex')}/${randomBytes(4).toString('hex')}`
          : `/parts/${i % 4 === 1 ? randomUUID() : randomBytes(12).toString('base64url')}`;
      await (await fetch(base + path)).arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
}
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const builds = [
  path.join(root, 'apps/server/dist/main.js'),
  ...process.argv.slice(2).map((p) => path.resolve(p)),
];
const label = (entry, i) => (i === 0 ? 'this build' : path.relative(root, entry));

/** VmRSS and its parts (anonymous memory, mapped files), in MB. */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rss: mb('VmRSS'), anon: mb('RssAnon'), file: mb('RssFile') };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

console.log(`load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
console.log(
  `| database | build | idle RSS MB, each start | median | min–max | anonymous (median) | files (median) | after ${madeUpPaths} made-up paths (median) | growth |`,
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const kind of databases) {
  if (kind === 'postgres' && !(await postgresAnswers())) {
    console.log(`| postgres | skipped: PostgreSQL does not answer |`);
    continue;
  }
  const figures = builds.map(() => []);
  for (let round = 0; round < starts; round++) {
    for (const [i, entry] of builds.entries()) {
      const database = await freshDatabase(kind);
      const shop = await startShop({
        database,
        port: await freePort(),
        entry,
        env: { SEED_ADMIN_EMAIL: 'admin@shop.test', SEED_ADMIN_PASSWORD: 'admin-password-1' },
      });
      const idle = memoryOf(shop.pid);
      await askMadeUpPaths(shop.url, madeUpPaths);
      figures[i].push({ ...idle, after: memoryOf(shop.pid).rss });
      await shop.stop();
      await database.drop();
    }
  }
  for (const [i, entry] of builds.entries()) {
    const rss = figures[i].map((f) => f.rss);
    console.log(
      `| ${kind} | ${label(entry, i)} | ${rss.join(', ')} | ${median(rss)} | ${Math.min(...rss)}–${Math.max(...rss)} | ${median(figures[i].map((f) => f.anon))} | ${median(figures[i].map((f) => f.file))} | ${median(figures[i].map((f) => f.after))} | ${median(figures[i].map((f) => f.after - f.rss))} MB |`,
    );
  }
}
console.log(`load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
