import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { insertPart } from './parts.js';
import { createTestDatabase, migrateBefore, openTestDatabase } from './test-app.js';

/** A database of an older schema, its tables typed loosely (the shop's types are of the newest). */
export type OldDatabase = Kysely<Record<string, Record<string, unknown>>>;

/**
 * A throw-away database migrated to just before `migration`, with one buyer and one part, for a
 * migration's test: `run` gets it (loosely typed, and as the shop opens it) and a maker of that
 * buyer's order rows of the part (`fields` as that schema has them). Closed and dropped after.
 */
export async function withOrdersBefore(
  migration: string,
  run: (
    db: OldDatabase,
    order: (id: string, fields: Record<string, unknown>) => Record<string, unknown>,
    shopDb: Database,
  ) => Promise<void>,
): Promise<void> {
  const target = await createTestDatabase();
  const database = openTestDatabase(target.url);
  try {
    const db = database.db as unknown as OldDatabase;
    await migrateBefore(database.db, migration);
    const partId = await insertPart(database.db, { name: 'P' });
    await db
      .insertInto('users')
      .values({ id: 'u', name: 'B', email: 'b@example.com', created_at: '2025-01-01T00:00:00.000Z' })
      .execute();
    const order = (id: string, fields: Record<string, unknown>) => ({
      id,
      user_id: 'u',
      user_name: 'B',
      email: 'b@example.com',
      part_id: partId,
      part_name: 'P',
      unit_price: 2,
      quantity: 1,
      price: 2,
      mobile: '+880 1712 345678',
      address: 'Dhaka',
      created_at: '2025-02-01T00:00:00.000Z',
      ...fields,
    });
    await run(db, order, database.db);
  } finally {
    await database.close();
    await target.drop();
  }
}
