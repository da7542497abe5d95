// npm run bench:servers: orders per second with 1, 2 and 3 shop servers on one PostgreSQL, with
// Redis for the shared rate limits, as deploy/compose.yaml runs them; and what limits it. Results
// print as Markdown; record them in RESULTS.md. Timings are never asserted in tests.
//
//   node bench/servers.mjs            (after npm run build)
//   BENCH_SERVERS=1,2,3 BENCH_BUYERS=10,100 BENCH_SECONDS=10 node bench/servers.mjs
//
// Each buyer is a distinct account and orders back to back. The load goes to the servers two
// ways: straight (buyer i always through server i mod n, as a sticky balancer would) and, when
// nginx is installed, through nginx round robin with deploy/nginx.conf's proxy settings. During
// each measurement the bench samples, every 50 ms, what the shop's PostgreSQL connections are
// doing (pg_stat_activity) and reads the CPU time every process used (/proc): the shop servers,
// their PostgreSQL backends, the rest of PostgreSQL (WAL writer, checkpointer…), nginx and the
// bench's own load generator, beside the machine's busy cores.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fillCatalog } from './lib/catalog.mjs';
import { seconds } from './lib/load.mjs';
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

const serverCounts = (process.env.BENCH_SERVERS ?? '1,2,3').split(',').map(Number);
const buyerCounts = (process.env.BENCH_BUYERS ?? '10,100').split(',').map(Number);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const poolMax = 10;
const ticks = 100; // clock ticks per second of /proc/<pid>/stat's times (USER_HZ)

/** CPU seconds a process has used (user + system), 0 once it is gone. */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  } catch {
    return 0;
  }
}

/** Every process whose command is `name` (PostgreSQL's processes, nginx's workers). */
function processesNamed(name) {
  const pids = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/** The machine's busy and total CPU time so far, in seconds (all cores). */
function machineCpu() {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / ticks, total: (busy + idle + iowait) / ticks };
}

/** nginx in front of the servers, round robin, with deploy/nginx.conf's proxy settings. */
async function startNginx(urls) {
  const bin = ['/usr/sbin/nginx', spawnSync('sh', ['-c', 'command -v nginx']).stdout?.toString().trim()].find(
    (candidate) => candidate && fs.existsSync(candidate),
  );
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-nginx-'));
  const port = await freePort();
  const servers = urls
    .map((url) => `    server ${new URL(url).host} max_fails=3 fail_timeout=10s;`)
    .join('\n');
  const config = fs
    .readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
    .replace(/upstream shop \{[^}]*\}/, `upstream shop {\n${servers}\n    keepalive 32;\n  }`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('pid /tmp/nginx.pid;', `pid ${dir}/nginx.pid;`)
    .replace('access_log /dev/stdout;', 'access_log off;');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child = spawn(
    bin,
    ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'],
    {
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const workers = () =>
    processesNamed('nginx').filter((pid) =>
      fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(`) S ${child.pid} `),
    );
  return {
    url,
    pids: () => [child.pid, ...workers()],
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * What the shop's PostgreSQL connections do, sampled every 50 ms while `work` runs: the mean
 * number of them running a statement, waiting for a row lock (the contended part), waiting for
 * NOTIFY's lock (the change feed's triggers notify at commit), waiting on the WAL (the commit's
 * flush), idle inside a transaction (the server is busy with its part of it), and idle; and their backends' process ids, for their CPU time.
 */
async function sampleBackends(adminUrl, applicationName, work) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const totals = { running: 0, rowLock: 0, notifyLock: 0, wal: 0, inTransaction: 0, idle: 0 };
  const backends = new Set();
  let samples = 0;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      const { rows } = await client.query(
        `select pid, state, wait_event_type, wait_event from pg_stat_activity where application_name = $1`,
        [applicationName],
      );
      samples++;
      for (const row of rows) {
        backends.add(row.pid);
        if (row.state === 'idle') totals.idle++;
        else if (row.state?.startsWith('idle in transaction')) totals.inTransaction++;
        // A row lock is a wait for the transaction holding the row ('transactionid', 'tuple');
        // 'object' on a database is NOTIFY's lock: PostgreSQL commits notifying transactions one
        // at a time, so that notifications queue in commit order.
        else if (row.wait_event_type === 'Lock' && row.wait_event === 'object') totals.notifyLock++;
        else if (row.wait_event_type === 'Lock') totals.rowLock++;
        else if (/^WAL/.test(row.wait_event ?? '') || row.wait_event_type === 'IO') totals.wal++;
        else totals.running++;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    return { result: await work(backends), backends, mean: (key) => totals[key] / Math.max(1, samples) };
  } finally {
    done = true;
    await sampler;
    await client.end();
  }
}

/** One measurement: buyers through these URLs; the loop's figures, and where the CPU and the connections went. */
async function measure({ database, applicationName, servers, urls, nginx, tokens, partOf, buyers, what }) {
  const postgresPids = processesNamed('postgres');
  let cpuBefore;
  const { result, backends, mean } = await sampleBackends(
    database.adminUrl,
    applicationName,
    async (seen) => {
      // The backends exist already (the warm-up opened the pools): their CPU is read from now.
      const { rows } = await database.admin.query(
        'select pid from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      for (const row of rows) seen.add(row.pid);
      cpuBefore = {
        servers: servers.map((server) => cpuSeconds(server.pid)),
        backends: new Map([...seen].map((pid) => [pid, cpuSeconds(pid)])),
        postgres: new Map(postgresPids.map((pid) => [pid, cpuSeconds(pid)])),
        nginx: new Map((nginx?.pids() ?? []).map((pid) => [pid, cpuSeconds(pid)])),
        load: process.cpuUsage(),
        machine: machineCpu(),
      };
      return orderRun({ urls, tokens, partOf, buyers, what });
    },
  );
  const used = (before) => [...before].reduce((sum, [pid, start]) => sum + cpuSeconds(pid) - start, 0);
  const machine = machineCpu();
  const elapsed = (machine.total - cpuBefore.machine.total) / os.availableParallelism();
  const cores = (cpu) => (cpu / elapsed).toFixed(2);
  const backendCpu = used([...backends].map((pid) => [pid, cpuBefore.backends.get(pid) ?? 0]));
  const load = process.cpuUsage(cpuBefore.load);
  return {
    ...result,
    cpu: {
      servers: cores(
        servers.reduce((sum, server, i) => sum + cpuSeconds(server.pid) - cpuBefore.servers[i], 0),
      ),
      backends: cores(backendCpu),
      postgresRest: cores(Math.max(0, used(cpuBefore.postgres) - backendCpu)),
      nginx: nginx ? cores(used(cpuBefore.nginx)) : '–',
      load: cores((load.user + load.system) / 1e6),
      machine: cores(machine.busy - cpuBefore.machine.busy),
    },
    connections: Object.fromEntries(
      ['running', 'rowLock', 'notifyLock', 'wal', 'inTransaction', 'idle'].map((key) => [
        key,
        mean(key).toFixed(1),
      ]),
    ),
  };
}

/** n servers on the database, sharing the signing key and Redis; answers them and nginx in front. */
async function startServers(database, n, applicationName) {
  const url = new URL(database.url);
  url.searchParams.set('application_name', applicationName);
  const env = {
    SEED_DEMO: 'false',
    ...unlimitedPurchases,
    JWT_SECRET: database.jwtSecret,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: database.redisPrefix,
    DATABASE_POOL_MAX: String(poolMax),
    TRUST_PROXY: 'true',
  };
  const servers = [];
  for (let i = 0; i < n; i++) {
    servers.push(
      await startShop({ database: { ...database, url: url.toString() }, port: await freePort(), env }),
    );
  }
  return { servers, nginx: await startNginx(servers.map((server) => server.url)) };
}

async function main() {
  if (!(await postgresAnswers())) {
    console.log('PostgreSQL does not answer: nothing to measure.');
    return;
  }
  const database = await freshDatabase('postgres');
  database.jwtSecret = randomBytes(32).toString('base64url');
  database.redisPrefix = `bench-${randomBytes(4).toString('hex')}:`;
  database.adminUrl = database.url;
  database.admin = new pg.Client({ connectionString: database.url });
  await database.admin.connect();
  const rows = [];
  try {
    const most = Math.max(...buyerCounts);
    // One server creates the tables and signs the buyers in; its tokens work on every server.
    const first = await startServers(database, 1, 'shop-bench-setup');
    await fillCatalog(database, 0, most + 2);
    const parts = (await call(`${first.servers[0].url}/api/parts?limit=${most}`)).json;
    const tokens = await signedInBuyers(database, most, [first.servers[0].url]);
    await first.nginx?.stop();
    for (const server of first.servers) await server.stop();

    for (const n of serverCounts) {
      const applicationName = `shop-bench-${n}`;
      const { servers, nginx } = await startServers(database, n, applicationName);
      try {
        const direct = servers.map((server) => server.url);
        await warmOrders(direct, tokens, parts);
        if (nginx) await warmOrders([nginx.url], tokens, parts);
        for (const buyers of buyerCounts) {
          for (const [on, partOf] of [
            ['one part', () => parts[0]],
            ['a part each', (buyer) => parts[buyer]],
          ]) {
            for (const [via, urls] of [['straight', direct], ...(nginx ? [['nginx', [nginx.url]]] : [])]) {
              const what = `${n} server${n > 1 ? 's' : ''}, ${via}, ${buyers} buyers on ${on}`;
              console.error(what);
              const row = await measure({
                database,
                applicationName,
                servers,
                urls,
                nginx: via === 'nginx' ? nginx : null,
                tokens,
                partOf,
                buyers,
                what,
              });
              rows.push({ n, via, buyers, on, ...row });
            }
          }
        }
      } finally {
        await nginx?.stop();
        for (const server of servers) await server.stop();
      }
    }
  } finally {
    await database.admin.end();
    await database.drop();
  }

  console.log(
    `\n${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? ''}; ${seconds} s per measurement; pool of ${poolMax} connections per server; build ${path.relative(root, defaultEntry)}; ${new Date().toISOString()}\n`,
  );
  console.log(
    '| servers | via | buyers | on | orders/s | p50 ms | p99 ms | errors | placed | CPU cores: servers | PG backends | PG rest | nginx | load | machine | connections: running | row lock | NOTIFY lock | WAL | idle in tx | idle |',
  );
  console.log(`|${'---|'.repeat(22)}`);
  for (const row of rows) {
    const { cpu, connections: c } = row;
    console.log(
      `| ${row.n} | ${row.via} | ${row.buyers} | ${row.on} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.placed} | ${cpu.servers} | ${cpu.backends} | ${cpu.postgresRest} | ${cpu.nginx} | ${cpu.load} | ${cpu.machine} | ${c.running} | ${c.rowLock} | ${c.notifyLock} | ${c.wal} | ${c.inTransaction} | ${c.idle} |`,
    );
  }
}

await main();
