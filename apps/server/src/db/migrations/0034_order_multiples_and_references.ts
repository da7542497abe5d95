import { type Kysely, sql } from 'kysely';

/**
 * From a bill of materials to an order (docs/api.md, part three): a part's order multiple (a reel,
 * a pack: every line's quantity is a multiple of it) and the buyer's reference on order, quote and
 * saved list lines (designators or a cost code, at most 40 characters, checked by the API).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One step on both databases (Kysely runs SQLite's migrations outside a transaction): a
  // failure leaves nothing half done, so the next start tries again.
  const run = async (trx: Kysely<unknown>) => {
    // Every part there is sells by the piece, as it did.
    await trx.schema
      .alterTable('parts')
      .addColumn('order_multiple', 'integer', (c) => c.notNull().defaultTo(1).check(sql`order_multiple >= 1`))
      .execute();
    for (const table of ['order_lines', 'quote_lines', 'list_lines'])
      await trx.schema.alterTable(table).addColumn('reference', 'text').execute();
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
