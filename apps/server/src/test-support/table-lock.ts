import pg from 'pg';
import { expect, vi } from 'vitest';

/**
 * A PostgreSQL session of the test's own that holds a table (access exclusive), so the shop's
 * queries on it wait until the test lets go.
 */
export async function holdTable(url: string, table: string) {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query('begin');
  await holder.query(`lock table ${table} in access exclusive mode`);
  let released = false;
  const waiting = async () =>
    (await holder.query(`select 1 from pg_locks where relation = '${table}'::regclass and not granted`))
      .rowCount ?? 0;
  return {
    /** Resolves once sessions wait for the table: exactly `count` of them, or any when not given. */
    async untilWaiting(count?: number) {
      await vi.waitFor(
        async () => {
          if (count === undefined) expect(await waiting()).toBeGreaterThan(0);
          else expect(await waiting()).toBe(count);
        },
        { timeout: 15_000, interval: 50 },
      );
    },
    /** Lets go of the table (once; later calls do nothing). */
    async release() {
      if (released) return;
      released = true;
      await holder.query('rollback');
      await holder.end();
    },
  };
}
