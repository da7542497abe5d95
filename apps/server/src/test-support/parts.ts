import { newId, nowIso } from '../clock.js';
import type { Database } from '../db/database.js';
import type { PartRow } from '../db/schema.js';
import { searchForm } from '../db/text-search.js';

/** A part written straight into the database (no admin, no audit); answers its id. */
export async function insertPart(
  db: Database,
  part: Pick<PartRow, 'name'> & Partial<Omit<PartRow, 'id' | 'name' | 'name_search'>>,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('parts')
    .values({
      desc: 'A part made for this test',
      img: 'https://example.com/p.webp',
      price_per_piece: 3,
      available_quantity: 500,
      min_order_quantity: 10,
      created_at: nowIso(),
      deleted_at: null,
      ...part,
      id,
      name_search: searchForm(part.name),
    })
    .execute();
  return id;
}
