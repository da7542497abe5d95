import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect } from '../test-support/test-app.js';

const run = promisify(execFile);
const script = new URL('../test-support/loaded-drivers.ts', import.meta.url).pathname;
const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

/** The drivers a freshly started shop has loaded (fastify too, showing that loads are seen). */
async function loadedDrivers(env: Record<string, string> = {}): Promise<string[]> {
  const target = await createTestDatabase();
  drops.push(target.drop);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: target.url, DATA_DIR: target.dataDir, ...env },
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]');
}

// Each driver is memory an idle shop holds: only the one its configuration uses is loaded.
describe('a started shop', () => {
  it('loads its own database driver, not the other one, and no Redis client without REDIS_URL', async () => {
    const own = testDialect() === 'sqlite' ? 'better-sqlite3' : 'pg';
    expect((await loadedDrivers()).sort()).toEqual([own, 'fastify'].sort());
  }, 90_000);

  it('loads the Redis client with REDIS_URL (whether or not Redis answers)', async () => {
    expect(await loadedDrivers({ REDIS_URL: 'redis://127.0.0.1:1' })).toContain('ioredis');
  }, 90_000);
});
