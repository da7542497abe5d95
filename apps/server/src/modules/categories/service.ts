import {
  type Category,
  type CategoryAttribute,
  type CategoryBody,
  MAX_CATEGORIES,
} from '@shop/contract/catalog';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { lockTableWrites } from '../../db/row-locks.js';
import type { CategoriesTable } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import * as categories from './repository.js';

type Actor = { id: string; email: string };

/** The categories as a tree: each one's attributes, parent and the ids of its whole subtree. */
export class CategoryTree {
  readonly byId: Map<string, CategoriesTable>;
  private readonly children = new Map<string, string[]>();

  constructor(rows: CategoriesTable[]) {
    this.byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows)
      if (row.parent_id)
        this.children.set(row.parent_id, [...(this.children.get(row.parent_id) ?? []), row.id]);
  }

  attributesOf(id: string): CategoryAttribute[] {
    const row = this.byId.get(id);
    return row ? (JSON.parse(row.attributes) as CategoryAttribute[]) : [];
  }

  /** The UNSPSC code of the category, else of its nearest parent that has one. */
  unspscOf(id: string): string | undefined {
    const seen = new Set<string>();
    for (let at = this.byId.get(id); at && !seen.has(at.id); at = this.byId.get(at.parent_id ?? '')) {
      if (at.unspsc) return at.unspsc;
      seen.add(at.id);
    }
    return undefined;
  }

  /** The category and every category below it. */
  subtree(id: string): string[] {
    const ids: string[] = [];
    const visit = (at: string) => {
      ids.push(at);
      for (const child of this.children.get(at) ?? []) visit(child);
    };
    visit(id);
    return ids;
  }
}

export async function categoryTree(db: Database): Promise<CategoryTree> {
  return new CategoryTree(await categories.allCategories(db));
}

/** Every category, with the parts of its subtree counted. */
export async function listCategories(db: Database): Promise<Category[]> {
  const [tree, counts] = await Promise.all([categoryTree(db), categories.partCounts(db)]);
  return [...tree.byId.values()].map((row) => ({
    _id: row.id,
    name: row.name,
    ...(row.parent_id ? { parentId: row.parent_id } : {}),
    partCount: tree.subtree(row.id).reduce((sum, id) => sum + (counts.get(id) ?? 0), 0),
    attributes: tree.attributesOf(row.id),
    ...(row.unspsc ? { unspsc: row.unspsc } : {}),
  }));
}

const auditView = (body: CategoryBody, unspsc: string | null) => ({
  name: body.name,
  parentId: body.parentId ?? null,
  attributes: body.attributes,
  unspsc,
});

const auditBefore = (tree: CategoryTree, row: CategoriesTable) => ({
  name: row.name,
  parentId: row.parent_id,
  attributes: tree.attributesOf(row.id),
  unspsc: row.unspsc,
});

export async function addCategory(db: Database, actor: Actor, body: CategoryBody): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await lockTableWrites(trx, 'categories');
    if ((await categories.countCategories(trx)) >= MAX_CATEGORIES)
      throw new AppError('conflict', `The shop keeps at most ${MAX_CATEGORIES} categories`, 409);
    if (body.parentId && !(await categories.findCategory(trx, body.parentId)))
      throw badRequest('parentId: no such category');
    const id = newId();
    await categories.insertCategory(trx, {
      id,
      name: body.name,
      parent_id: body.parentId ?? null,
      attributes: JSON.stringify(body.attributes),
      unspsc: body.unspsc ?? null,
      created_at: nowIso(),
    });
    await recordAudit(trx, {
      actor,
      action: 'category.created',
      subjectId: id,
      after: auditView(body, body.unspsc ?? null),
    });
    return id;
  });
}

/**
 * Renames, moves or changes a category's attributes and UNSPSC code (left out: kept; null: none).
 * An attribute its parts carry keeps its key and type (409 naming it): their values would no
 * longer mean what they say.
 */
export async function editCategory(
  db: Database,
  actor: Actor,
  id: string,
  body: CategoryBody,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tree = await categoryTree(trx);
    const before = tree.byId.get(id);
    if (!before) throw notFound('category');
    if (body.parentId && !tree.byId.has(body.parentId)) throw badRequest('parentId: no such category');
    if (body.parentId && tree.subtree(id).includes(body.parentId))
      throw badRequest('parentId: must not be the category itself or one below it');
    for (const old of tree.attributesOf(id)) {
      const kept = body.attributes.find((attribute) => attribute.key === old.key);
      if (kept?.type === old.type && kept.unit === old.unit) continue;
      const used = await categories.partsUsingKey(trx, id, old.key);
      if (used > 0)
        throw conflict(
          `attributes: ${used} part${used === 1 ? '' : 's'} carry ${old.key}; its key, type and unit stay while they do`,
        );
    }
    const unspsc = body.unspsc === undefined ? before.unspsc : body.unspsc;
    await categories.updateCategory(trx, id, {
      name: body.name,
      parent_id: body.parentId ?? null,
      attributes: JSON.stringify(body.attributes),
      unspsc,
    });
    await recordAudit(trx, {
      actor,
      action: 'category.edited',
      subjectId: id,
      before: auditBefore(tree, before),
      after: auditView(body, unspsc),
    });
  });
}

/** A category with parts or sub-categories stays (409): its parts would lose their specification. */
export async function removeCategory(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tree = await categoryTree(trx);
    const before = tree.byId.get(id);
    if (!before) throw notFound('category');
    if (tree.subtree(id).length > 1)
      throw conflict('The category has sub-categories: move or delete them first');
    if (await categories.hasParts(trx, id))
      throw conflict('The category has parts: move them to another category first');
    await categories.deleteCategory(trx, id);
    await recordAudit(trx, {
      actor,
      action: 'category.deleted',
      subjectId: id,
      before: auditBefore(tree, before),
    });
  });
}
