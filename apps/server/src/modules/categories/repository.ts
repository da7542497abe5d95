import type { Database } from '../../db/database.js';
import type { CategoriesTable } from '../../db/schema.js';

/** Every category (the shop keeps at most MAX_CATEGORIES), oldest first. */
export function allCategories(db: Database): Promise<CategoriesTable[]> {
  return db.selectFrom('categories').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function findCategory(db: Database, id: string): Promise<CategoriesTable | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countCategories(db: Database): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many parts in the catalog each category holds directly. */
export async function partCounts(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('parts')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('deleted_at', 'is', null)
    .where('category_id', 'is not', null)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((row) => [row.category_id as string, Number(row.n)]));
}

export async function insertCategory(db: Database, row: CategoriesTable): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

export async function updateCategory(
  db: Database,
  id: string,
  changes: Pick<CategoriesTable, 'name' | 'parent_id' | 'attributes' | 'unspsc'>,
): Promise<void> {
  await db.updateTable('categories').set(changes).where('id', '=', id).execute();
}

export async function deleteCategory(db: Database, id: string): Promise<void> {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

/** Whether any part in the catalog sits in the category. */
export async function hasParts(db: Database, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('parts')
    .select('id')
    .where('category_id', '=', id)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Parts (in the catalog) of the category whose values of `key` no longer fit its type. */
export async function partsUsingKey(db: Database, categoryId: string, key: string): Promise<number> {
  const row = await db
    .selectFrom('part_values')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category_id', '=', categoryId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
