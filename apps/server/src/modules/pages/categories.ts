import type { Category } from '@shop/contract/catalog';
import type { Database } from '../../db/database.js';
import { categoryTree } from '../categories/index.js';
import { countPartsByCategory } from '../parts/index.js';

/**
 * The categories as `GET /api/categories` answers them, for the pages rendered on the server.
 * The categories module keeps its own listCategories to itself (its index.ts does not export
 * it); once it does, this file gives way to it.
 */
export async function categoriesForPages(db: Database): Promise<Category[]> {
  const [tree, counts] = await Promise.all([categoryTree(db), countPartsByCategory(db)]);
  return [...tree.byId.values()].map((row) => ({
    _id: row.id,
    name: row.name,
    ...(row.parent_id ? { parentId: row.parent_id } : {}),
    partCount: tree.subtree(row.id).reduce((sum, id) => sum + (counts.get(id) ?? 0), 0),
    attributes: tree.attributesOf(row.id),
  }));
}
