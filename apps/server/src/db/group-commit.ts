import { sql } from 'kysely';
import type { Database } from './database.js';

/**
 * Writes that may share one transaction (and so one commit, one fsync), each in a savepoint of
 * its own: a write that fails is rolled back alone and its caller gets its error; the others
 * stand. Every caller is answered only after the shared commit: an acknowledged write is as
 * durable as if it had committed alone, and if the commit fails, every write of it fails.
 *
 * Writes asked for in one turn of the event loop go together: on SQLite, where a commit waits for
 * the disk on the event loop, the requests that arrive meanwhile are the next group.
 */
export type GroupCommit = <T>(work: (trx: Database) => Promise<T>) => Promise<T>;

interface Pending {
  work: (trx: Database) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many writes share a commit (a long group would hold every other write back). */
export const GROUP_LIMIT = 64;

export function groupCommit(db: Database, limit = GROUP_LIMIT): GroupCommit {
  let pending: Pending[] = [];
  let scheduled = false;

  async function commitGroup(group: Pending[]) {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const { work } of group) {
          await sql`savepoint grouped_write`.execute(trx);
          try {
            const value = await work(trx);
            await sql`release grouped_write`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await sql`rollback to grouped_write`.execute(trx);
            await sql`release grouped_write`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      for (const { reject } of group) reject(error);
      return;
    }
    for (const [i, { resolve, reject }] of group.entries()) {
      const outcome = outcomes[i];
      if (outcome?.ok) resolve(outcome.value);
      else reject(outcome?.error);
    }
  }

  function run() {
    scheduled = false;
    while (pending.length > 0) {
      const group = pending.slice(0, limit);
      pending = pending.slice(limit);
      void commitGroup(group);
    }
  }

  return (work) =>
    new Promise((resolve, reject) => {
      pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(run);
      }
    });
}
