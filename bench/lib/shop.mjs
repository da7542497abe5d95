// Starts the built shop as a deployment would run it (production mode, its production log level,
// npm start's Node flags), on a throw-away SQLite file or a throw-away PostgreSQL schema.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');
export const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh database: { kind, url, dataDir, drop() }. */
export async function freshDatabase(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') {
    return {
      kind,
      url: `sqlite:${path.join(dataDir, 'shop.db')}`,
      dataDir,
      analyze: async () => {},
      drop: async () => removeDir(),
    };
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    kind,
    url: url.toString(),
    dataDir,
    // This machine's PostgreSQL runs with autovacuum off, so the tables a load grows are never
    // analysed and the planner takes them for empty (a partial index of open orders then looks
    // cheaper than the primary key). A production PostgreSQL analyses them as they grow; the
    // bench does it between measurements, so that its figures describe the shop's queries.
    async analyze() {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const { rows } = await client.query('select tablename from pg_tables where schemaname = $1', [schema]);
      for (const { tablename } of rows) await client.query(`analyze ${schema}."${tablename}"`);
      await client.end();
    },
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
      removeDir();
    },
  };
}

/** Whether PostgreSQL answers (the PostgreSQL half of a run is skipped when it does not). */
export async function postgresAnswers() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The build a bench starts unless told otherwise: this one, or another build's `dist/main.js` named
 * by BENCH_ENTRY (say one built before a change, to measure before and after in one sitting).
 */
export const defaultEntry = path.resolve(
  process.env.BENCH_ENTRY ?? path.join(root, 'apps/server/dist/main.js'),
);

const startScript = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
const started = /&& node ((?:--\S+ )*)apps\/server\/dist\/main\.js$/.exec(startScript);
if (!started) throw new Error(`npm start (${startScript}) does not run node apps/server/dist/main.js`);
/**
 * The Node flags the shop runs with: those of `npm start` (package.json's start script; the
 * Dockerfile's CMD has the same, deploy/check.sh checks), so that a bench measures the shop as
 * it is run.
 */
export const nodeFlags = started[1].split(' ').filter(Boolean);

/** The built server (or another build of it: `entry`) on `port`; { url, pid, stop() }. */
export async function startShop({ database, port, env = {}, entry = defaultEntry }) {
  const child = spawn(process.execPath, [...nodeFlags, entry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Production requires the shop's address for its mailed links.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      // Production on PostgreSQL requires a shared signing key; a fresh one per run.
      JWT_SECRET: randomBytes(32).toString('base64url'),
      // Production takes no cards unless told: the benches pay with the built-in test cards.
      PAYMENT_PROVIDER: 'test',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`the shop on port ${port} exited by itself (code ${code}, signal ${signal})`);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        return {
          url,
          pid: child.pid,
          stop: () =>
            new Promise((resolve) => {
              stopping = true;
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', resolve);
              child.kill('SIGTERM');
            }),
        };
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the shop did not start');
}

/** Resident memory of a process in MB: now (VmRSS) and its peak so far (VmHWM). */
export function residentMemory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** JSON over HTTP, for setting the shop up. */
export async function call(url, { method = 'GET', body, token } = {}) {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return { json: text ? JSON.parse(text) : null, headers: res.headers, text };
}

/** A port nobody listens on now (benchmarks of several worktrees may run on one machine). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs statements (`?` for parameters) on the bench's database straight, in one transaction, as
 * set-up beside the shop; answers the last one's rows.
 */
export async function runSql(database, statements) {
  if (database.kind === 'sqlite') {
    const db = new SQLite(database.url.slice('sqlite:'.length));
    db.pragma('busy_timeout = 10000');
    try {
      const run = db.transaction(() => {
        let rows = [];
        for (const [text, params = []] of statements) {
          const statement = db.prepare(text);
          if (statement.reader) rows = statement.all(...params);
          else statement.run(...params);
        }
        return rows;
      });
      return run();
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('begin');
    let rows = [];
    for (const [text, params = []] of statements) {
      let n = 0;
      rows = (
        await client.query(
          text.replaceAll('?', () => `$${++n}`),
          params,
        )
      ).rows;
    }
    await client.query('commit');
    return rows;
  } finally {
    await client.end();
  }
}
