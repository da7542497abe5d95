import { execFileSync } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScryptParams } from './password.js';
import { type ScryptWorkers, scryptWorkers } from './scrypt-workers.js';

// A cheap cost: these tests are about the threads, not the hash.
const cheap: ScryptParams = { keyLength: 32, options: { N: 2 ** 10, r: 8, p: 1, maxmem: 32 * 1024 * 1024 } };
const salt = Buffer.from('a salt of sixteen');

/** The scheduling policy of each of this process's threads (field 41 of /proc/self/task/<id>/stat). */
function threadPolicies(): number[] {
  return fs.readdirSync('/proc/self/task').map((id) => {
    const stat = fs.readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3]);
  });
}
const SCHED_IDLE = 5;
const hasChrt = (() => {
  try {
    execFileSync('chrt', ['--version'], { stdio: 'ignore' });
    return process.platform === 'linux';
  } catch {
    return false;
  }
})();

let workers: ScryptWorkers | undefined;
afterEach(async () => {
  await workers?.close();
  workers = undefined;
});

describe('scrypt on worker threads', () => {
  it('derives the same key as node:crypto on the main thread', async () => {
    workers = scryptWorkers();
    const key = await workers.derive('correct horse battery', salt, cheap);
    expect(key).toEqual(scryptSync('correct horse battery', salt, 32, cheap.options));
  });

  it('starts threads only when hashes run together, and reuses them', async () => {
    workers = scryptWorkers({ idleMs: 60_000 });
    expect(workers.threads).toBe(0);
    await Promise.all([workers.derive('one', salt, cheap), workers.derive('two', salt, cheap)]);
    expect(workers.threads).toBe(2);
    await workers.derive('three', salt, cheap);
    expect(workers.threads).toBe(2);
  });

  it('stops idle threads, and starts one again for the next hash', async () => {
    workers = scryptWorkers({ idleMs: 20 });
    await workers.derive('one', salt, cheap);
    await expect.poll(() => workers?.threads, { timeout: 10_000 }).toBe(0);
    expect(await workers.derive('two', salt, cheap)).toHaveLength(32);
    expect(workers.threads).toBe(1);
  });

  it('answers a refused hash with an error and goes on hashing', async () => {
    workers = scryptWorkers();
    const tooCostly = { ...cheap, options: { ...cheap.options, N: 2 ** 20 } };
    await expect(workers.derive('pw', salt, tooCostly)).rejects.toThrow(/scrypt failed/);
    expect(await workers.derive('pw', salt, cheap)).toHaveLength(32);
  });

  it('refuses hashes once closed', async () => {
    workers = scryptWorkers();
    await workers.derive('pw', salt, cheap);
    await workers.close();
    await expect(workers.derive('pw', salt, cheap)).rejects.toThrow(/stopped/);
    expect(workers.threads).toBe(0);
  });

  it.runIf(hasChrt)('hashes in the idle scheduling class, so the event loop always goes first', async () => {
    expect(threadPolicies()).not.toContain(SCHED_IDLE);
    workers = scryptWorkers({ idleMs: 60_000 });
    await workers.derive('pw', salt, cheap);
    expect(threadPolicies().filter((policy) => policy === SCHED_IDLE)).toHaveLength(1);
    expect(os.getPriority()).toBe(0);
  });
});
