import { type SelectQueryBuilder, sql } from 'kysely';
import { type Database, isSqlite } from './database.js';

/**
 * The selected rows, locked until the transaction ends: a rule that counts rows before writing
 * (a buyer's unpaid orders) is then decided by one transaction at a time. PostgreSQL locks them
 * (`for update`); SQLite has one writer at a time already, and no such clause.
 */
export function lockingRows<DB, TB extends keyof DB, O>(
  db: Database,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return isSqlite(db) ? query : query.forUpdate();
}

/**
 * Locks the selected rows until the transaction ends, before what the transaction reads next: on
 * PostgreSQL a statement of its own, so that the next statement's snapshot sees what the
 * transactions that held the lock committed (a locking read's other values are as of before its
 * wait); nothing on SQLite, whose one writer at a time holds every row already.
 */
export async function lockRows<DB, TB extends keyof DB, O>(
  db: Database,
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<void> {
  if (!isSqlite(db)) await query.forUpdate().execute();
}

/**
 * Lets one transaction at a time write `table` until it ends, before a rule that counts the
 * table's rows and then adds one (the shop's cap on categories): PostgreSQL's `share row
 * exclusive` lock, which readers pass and which waits for and blocks every other writer; nothing
 * on SQLite, whose one writer at a time holds the table already.
 */
export async function lockTableWrites(db: Database, table: string): Promise<void> {
  if (!isSqlite(db)) await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(db);
}

/**
 * Whether the error is a unique constraint's refusal (PostgreSQL 23505, SQLite's
 * SQLITE_CONSTRAINT_UNIQUE or _PRIMARYKEY): what a check made under no common lock may still meet
 * when two writers race for the same value.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
