import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * Two tables for tests of how writes commit: `things.owner` names a row of `owners`, checked at
 * commit rather than per statement, so a write that breaks it makes its whole commit fail.
 * Owner 1 exists.
 */
export async function createDeferredOwnership(db: Database): Promise<void> {
  await sql`create table owners (id integer primary key)`.execute(db);
  await sql`create table things (id integer primary key, owner integer references owners(id) deferrable initially deferred)`.execute(
    db,
  );
  await sql`insert into owners (id) values (1)`.execute(db);
}
