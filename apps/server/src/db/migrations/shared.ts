import { type Kysely, sql } from 'kysely';

/** The channel migrations 0006 to 0026 notified writes on (the change feed, gone since 0027). */
export const CATALOG_CHANNEL = 'shop_catalog';

/** The connection's schema on PostgreSQL; undefined on SQLite, which has none. */
export async function currentPostgresSchema(db: Kysely<any>): Promise<string | undefined> {
  try {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    return rows[0]?.schema;
  } catch {
    return undefined; // SQLite has no schemas
  }
}
