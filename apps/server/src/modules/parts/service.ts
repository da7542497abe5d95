import type { Part, PartsQuery } from '@shop/contract/parts';
import type { Database } from '../../db/database.js';
import type { PartRow } from '../../db/schema.js';
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
