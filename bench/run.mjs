// Read-path benchmark: the built shop's GET /api/parts beside its ceiling, Node's bare http
// server sending the same bytes, measured in the same run on the same machine.
// Usage: npm run bench   (results are printed as a Markdown table; record them in RESULTS.md)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function startShop(port, dataDir) {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the shop did not start');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
const shop = await startShop(4301, dataDir);
const url = 'http://127.0.0.1:4301/api/parts';
const body = Buffer.from(await (await fetch(url)).arrayBuffer());
const bare = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
await new Promise((r) => bare.listen(4302, '127.0.0.1', r));

const rows = [];
for (const [name, target] of [
  ['bare node:http, same bytes', 'http://127.0.0.1:4302/'],
  ['shop GET /api/parts', url],
]) {
  const r = await run(target);
  rows.push({
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  });
}
bare.close();
shop.kill('SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });

const ceiling = rows[0].rps;
console.log(
  `\n${os.cpus().length} cores, ${duration} s per run, ${connections} connections, ${body.length} bytes per answer\n`,
);
console.log('| target | requests/s | p50 ms | p99 ms | errors | share of ceiling |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${row.errors} | ${Math.round((row.rps / ceiling) * 100)}% |`,
  );
}
