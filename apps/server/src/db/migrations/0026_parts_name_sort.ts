import type { Kysely } from 'kysely';
import { nameSortKey } from '../text-search.js';

export async function up(db: Kysely<any>): Promise<void> {
  // The catalog is read by SQL: names sort by their sort key (text-search.ts nameSortKey,
  // "Relay 9" before "Relay 10"), kept beside the name as its search form is.
  await db.schema
    .alterTable('parts')
    .addColumn('name_sort', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows = await db.selectFrom('parts').select(['id', 'name']).execute();
  for (const row of rows as { id: string; name: string }[]) {
    await db
      .updateTable('parts')
      .set({ name_sort: nameSortKey(row.name) })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema
    .createIndex('parts_name_order')
    .on('parts')
    .columns(['name_sort', 'created_at', 'id'])
    .execute();
}
