import type { NewPartBody, Part, PartsQuery } from '@shop/contract/parts';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { PartRow } from '../../db/schema.js';
import { searchForm } from '../../db/text-search.js';
import { notFound } from '../../http/app-error.js';
import * as parts from './repository.js';

export function toPart(row: PartRow): Part {
  return {
    _id: row.id,
    name: row.name,
    desc: row.desc,
    img: row.img,
    price_per_piece: Number(row.price_per_piece),
    available_quantity: Number(row.available_quantity),
    min_order_quantity: Number(row.min_order_quantity),
  };
}

export async function listCatalog(
  db: Database,
  query: PartsQuery,
): Promise<{ parts: Part[]; total: number }> {
  const { rows, total } = await parts.listParts(db, query);
  return { parts: rows.map(toPart), total };
}

export async function getPart(db: Database, id: string): Promise<Part> {
  const row = await parts.findPart(db, id);
  if (!row) throw notFound('part');
  return toPart(row);
}

export async function addPart(db: Database, body: NewPartBody): Promise<string> {
  const id = newId();
  await parts.insertPart(db, {
    id,
    name: body.name,
    name_search: searchForm(body.name),
    desc: body.desc,
    img: body.img,
    price_per_piece: body.price_per_piece,
    available_quantity: body.available_quantity,
    min_order_quantity: body.min_order_quantity,
    created_at: nowIso(),
    deleted_at: null,
  });
  return id;
}

/**
 * Edits or restocks a part with the same rules as adding one. Orders already placed keep the
 * name and price they were placed with (they carry their own copy).
 */
export async function editPart(db: Database, id: string, body: NewPartBody): Promise<void> {
  const changed = await parts.updatePart(db, id, {
    name: body.name,
    name_search: searchForm(body.name),
    desc: body.desc,
    img: body.img,
    price_per_piece: body.price_per_piece,
    available_quantity: body.available_quantity,
    min_order_quantity: body.min_order_quantity,
  });
  if (!changed) throw notFound('part');
}

/**
 * Deleting a part takes it out of the catalog but keeps its row: orders name it, and an order
 * must keep showing what was bought and at what price.
 */
export async function deletePart(db: Database, id: string): Promise<void> {
  if (!(await parts.softDeletePart(db, id, nowIso()))) throw notFound('part');
}
