// The sign-in rows alone (logins beside the hashing limit, 40 sign-ups at once, reads during a
// login flood) and the shop's memory, on SQLite: `npm run build && node bench/sign-in.mjs`.
// Paths of other builds of the server (another build's dist/main.js, from before a change) may
// follow: each is measured in turn in the same run, and a last table sets this build beside them.
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
const results = [];
for (const [index, entry] of builds.entries()) {
  const database = await freshDatabase('sqlite');
  try {
    // The sign-up burst comes from 40 addresses, told in X-Forwarded-For.
    const shop = await startShop({
      database,
      port: 4400 + index * 10,
      entry,
      env: { TRUST_PROXY: '127.0.0.1' },
    });
    try {
      const idle = residentMemory(shop.pid);
      await call(`${shop.url}/api/auth/signup`, { method: 'POST', body: buyer });
      // A first load warms the server up (its compiled code, the catalog's cache), so that the
      // idle figures the flood's are compared with are the shop's steady ones.
      await load({ url: `${shop.url}/api/parts`, duration: 3 });
      const rows = [];
      const signIn = await measureSignIn(shop.url);
      rows.push(...signIn.rows);
      results.push({ entry, ...signIn });
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

const [self, ...others] = results;
if (self && others.length > 0) {
  console.log(
    '\n| build | logins/s | login p50 ms | logins: this build ÷ that one | 40 sign-ups at once: slowest ms | their answers | reads during the login flood, of idle |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const result of results) {
    console.log(
      `| ${path.relative(root, result.entry)} | ${result.logins.rps.toFixed(1)} | ${result.logins.p50} | ${(self.logins.rps / result.logins.rps).toFixed(1)} | ${result.signups.max} | ${result.signups.statuses} | ${Math.round(result.readsShare * 100)}% |`,
    );
  }
}
