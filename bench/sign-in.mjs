// The sign-in rows alone (logins beside the hashing limit, reads during a login flood) and the
// shop's memory, on SQLite: `npm run build && node bench/sign-in.mjs` (BENCH_SECONDS=10 or more:
// a login takes most of a second, so a short run counts only a handful). Paths of other builds
// of the server (a copy of dist/main.js from before a change) may follow: each is measured in
// turn in the same run, so their ratios compare.
import os from 'node:os';
import path from 'node:path';
import { buyer, measureSignIn } from './api.mjs';
import { connections, load, seconds, table } from './lib/load.mjs';
import { call, freshDatabase, residentMemory, root, startShop } from './lib/shop.mjs';

const builds = [
  path.join(root, 'apps/server/dist/main.js'),
  ...process.argv.slice(2).map((p) => path.resolve(p)),
];
console.log(
  `\n${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? ''}; ${seconds} s per measurement, ${connections} connections; ${new Date().toISOString()}`,
);
for (const [index, entry] of builds.entries()) {
  const database = await freshDatabase('sqlite');
  try {
    const shop = await startShop({ database, port: 4400 + index * 10, entry });
    try {
      const idle = residentMemory(shop.pid);
      await call(`${shop.url}/api/auth/signup`, { method: 'POST', body: buyer });
      // A first load warms the server up (its compiled code, the catalog's cache), so that the
      // idle figure the flood's is compared with is the shop's steady one.
      await load({ url: `${shop.url}/api/parts`, duration: 3 });
      const partsIdle = await load({ url: `${shop.url}/api/parts` });
      const rows = [{ what: 'GET /api/parts', target: 'shop, idle', ...partsIdle }];
      rows.push(...(await measureSignIn(shop.url, partsIdle)));
      const after = residentMemory(shop.pid);
      console.log(`\n### ${path.relative(root, entry)}\n\n${table(rows)}`);
      console.log(
        `\nResident memory of the shop: idle ${idle.rssMb} MB; after the sign-in load ${after.rssMb} MB (peak ${after.peakMb} MB)`,
      );
    } finally {
      await shop.stop();
    }
  } finally {
    await database.drop();
  }
}
