// npm run bench: the API on SQLite and PostgreSQL beside its ceilings, in one run on this machine.
// Results print as Markdown; record them in RESULTS.md. Timings are never asserted in tests.
import os from 'node:os';
import { measureApi } from './api.mjs';
import { connections, seconds, table } from './lib/load.mjs';
import { freshDatabase, postgresAnswers } from './lib/shop.mjs';

const kinds = ['sqlite', ...((await postgresAnswers()) ? ['postgres'] : [])];
console.log(
  `\n${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? ''}; ${seconds} s per measurement, ${connections} connections; ${new Date().toISOString()}`,
);
for (const [index, kind] of kinds.entries()) {
  const database = await freshDatabase(kind);
  try {
    const { rows, memory } = await measureApi(database, 4300 + index * 10);
    console.log(`\n### ${kind}\n\n${table(rows)}`);
    console.log(
      `\nResident memory of the shop: idle ${memory.idle.rssMb} MB; after the reads ${memory.afterReads.rssMb} MB; after every load ${memory.afterLoad.rssMb} MB (peak ${memory.afterLoad.peakMb} MB)`,
    );
  } finally {
    await database.drop();
  }
}
