import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const entry = path.join(repoRoot, 'apps/server/dist/main.js');

export interface RunningShop {
  baseUrl: string;
  dataDir: string;
  /** Sends SIGTERM, waits for the exit and answers the exit code; the data folder is removed unless kept. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
  /** SIGKILL: the process dies at once, mid-write if it was writing; the data folder stays. */
  kill(): Promise<void>;
}

/**
 * In production on PostgreSQL the shop requires JWT_SECRET (several servers share one key).
 * One key for the whole test run, so a server restarted on the same data keeps its tokens.
 */
const postgresJwtSecret = randomBytes(32).toString('base64url');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited during start-up:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The shop did not become healthy within 30 s:\n${output()}`);
}

/** What must never appear in a log line, whichever journey ran. */
const secretPatterns: [string, RegExp][] = [
  ['a JWT', /eyJ[\w-]{10,}\.[\w-]{10,}\./],
  ['a password hash', /scrypt\$|\$argon2(?:id|i|d)\$/],
  ['a password field', /"password"\s*:/i],
  ['a refresh token field', /"refreshToken"\s*:\s*"[^[]/],
  ['a card number', /\b(?:4242\s?4242\s?4242\s?4242|4000\s?0000\s?0000\s?0002)\b/],
  ['a client secret', /pi_\w+_secret_\w+/],
];

export function secretsIn(log: string): string[] {
  return secretPatterns.filter(([, pattern]) => pattern.test(log)).map(([what]) => what);
}

/** Starts the built shop (production mode) on a free port with a throw-away database. */
export async function startShop(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningShop> {
  if (!fs.existsSync(entry)) throw new Error('Build the shop first (npm run build)');
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let log = '';
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Production builds mailed links on this address alone (the browser opens them).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      // Every request is logged, so the scan below reads all the journeys' log lines.
      LOG_LEVEL: 'info',
      // Production takes no cards unless told: the journeys pay with the built-in test cards.
      PAYMENT_PROVIDER: 'test',
      // A journey waits as a person would; the shop sharing a few busy cores with Chromium and
      // the other journeys must not shed its requests as load (503).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      ...(/^postgres/.test(env.DATABASE_URL ?? process.env.E2E_DATABASE_URL ?? '')
        ? { JWT_SECRET: postgresJwtSecret }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(baseUrl, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop(stopOptions = {}) {
      const leaks = secretsIn(log);
      if (leaks.length > 0) throw new Error(`The shop's log holds secrets: ${leaks.join(', ')}`);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!stopOptions.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
