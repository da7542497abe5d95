import { MAX_LISTED_ROW_PROBLEMS, type RowProblem } from '@shop/contract/errors';
import {
  type IncomingBatch,
  type NewPartBody,
  type Part,
  type PartsQuery,
  type PriceBreak,
  priceBreakProblems,
} from '@shop/contract/parts';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { PartRow } from '../../db/schema.js';
import { nameSortKey, searchForm } from '../../db/text-search.js';
import { AppError, badRequest, notFound } from '../../http/app-error.js';
import { recordAudit } from '../audit/index.js';
import { categoryTree } from '../categories/index.js';
import type { CsvAvailability } from './csv-availability.js';
import { partsFromCsv } from './csv-import.js';
import { insertBatches, withAvailability } from './incoming.js';
import * as parts from './repository.js';
import { type Specification, specificationOf } from './specification.js';

/** A part's price breaks, as its row keeps them (JSON, written only by `fields` below). */
export function priceBreaksOf(row: { price_breaks: string }): PriceBreak[] {
  return JSON.parse(row.price_breaks) as PriceBreak[];
}

export function toPart(row: PartRow): Part {
  return {
    _id: row.id,
    name: row.name,
    desc: row.desc,
    img: row.img,
    price_per_piece: Number(row.price_per_piece),
    available_quantity: Number(row.available_quantity),
    min_order_quantity: Number(row.min_order_quantity),
    price_breaks: priceBreaksOf(row),
    order_multiple: Number(row.order_multiple),
    ...(row.category_id ? { categoryId: row.category_id } : {}),
    ...(row.mpn ? { mpn: row.mpn } : {}),
    ...(row.manufacturer ? { manufacturer: row.manufacturer } : {}),
    attributes: JSON.parse(row.attributes) as Part['attributes'],
    lifecycle: row.lifecycle,
    ...(row.replacement_id ? { replacementId: row.replacement_id } : {}),
    documents: JSON.parse(row.documents) as Part['documents'],
    // The batches and waiting pieces are read apart (incoming.ts withAvailability).
    incoming: [],
    ...(row.lead_time_days === null ? {} : { leadTimeDays: Number(row.lead_time_days) }),
    backorderable: Number(row.backorderable) === 1,
    backordered: 0,
  };
}

/** A page of the catalog, in the query's order, and how many parts match in all. */
export async function listCatalog(
  db: Database,
  query: PartsQuery,
): Promise<{ parts: Part[]; total: number }> {
  const { rows, total } = await parts.listParts(db, query);
  return { parts: await withAvailability(db, rows.map(toPart)), total };
}

export async function getPart(db: Database, id: string): Promise<Part> {
  const row = await parts.findPart(db, id);
  if (!row) throw notFound('part');
  const [part] = await withAvailability(db, [toPart(row)]);
  return part as Part;
}

type Actor = { id: string; email: string };

/**
 * What the shop does when pieces come into a part's stock, in the transaction that put them there
 * (the orders module gives it: the orders waiting for the part are served first).
 */
export type StockArrived = (trx: Database, partId: string) => Promise<void>;

/** What the audit log keeps of a part. */
const auditView = (row: PartRow) => ({
  name: row.name,
  desc: row.desc,
  img: row.img,
  price_per_piece: Number(row.price_per_piece),
  available_quantity: Number(row.available_quantity),
  min_order_quantity: Number(row.min_order_quantity),
  price_breaks: priceBreaksOf(row),
  order_multiple: Number(row.order_multiple),
  categoryId: row.category_id,
  mpn: row.mpn,
  manufacturer: row.manufacturer,
  lifecycle: row.lifecycle,
  replacementId: row.replacement_id,
  attributes: JSON.parse(row.attributes),
  documents: JSON.parse(row.documents),
});

/** What the audit log keeps of a new part's availability, when it has any (a file's columns). */
const availabilityView = (row: PartRow, incoming: IncomingBatch[]) =>
  row.backorderable === 1 || row.lead_time_days !== null || incoming.length > 0
    ? { backorderable: row.backorderable === 1, leadTimeDays: row.lead_time_days, incoming }
    : {};

/**
 * The part's columns from a body; `before` is the part edited (its breaks and order multiple stay
 * when the body names none).
 */
function fields(body: NewPartBody, before?: PartRow) {
  const price_breaks = body.price_breaks ?? (before ? priceBreaksOf(before) : []);
  const problem = priceBreakProblems({ ...body, price_breaks })[0];
  if (problem)
    throw badRequest(
      body.price_breaks
        ? `price_breaks.${problem.index}.${problem.field} ${problem.message}`
        : `price_breaks.${problem.index}.${problem.field} ${problem.message}: the part's price breaks no longer fit its new price or minimum; send price_breaks with it`,
    );
  return {
    name: body.name,
    name_search: searchForm(body.name),
    name_sort: nameSortKey(body.name),
    desc: body.desc,
    img: body.img,
    price_per_piece: body.price_per_piece,
    available_quantity: body.available_quantity,
    min_order_quantity: body.min_order_quantity,
    order_multiple: body.order_multiple ?? (before ? Number(before.order_multiple) : 1),
    price_breaks: JSON.stringify(
      price_breaks.map(({ min_quantity, price_per_piece }) => ({ min_quantity, price_per_piece })),
    ),
  };
}

/**
 * Inserts parts (a batch of rows per statement) and their audit entries, inside the caller's
 * transaction. A part that does not fit the catalog refuses them all: with `line`s (a file's
 * rows) as `csv_rows_refused` naming every such row, else as it is.
 */
async function insertAudited(
  trx: Database,
  actor: Actor,
  bodies: readonly { line?: number; body: NewPartBody; availability?: CsvAvailability }[],
): Promise<string[]> {
  const tree = await categoryTree(trx);
  const made: { row: PartRow; values: Specification['values']; incoming: IncomingBatch[] }[] = [];
  const problems: RowProblem[] = [];
  for (const { line, body, availability } of bodies) {
    try {
      const spec = await specificationOf(trx, body, undefined, tree);
      const row = {
        id: newId(),
        ...fields(body),
        ...spec.columns,
        created_at: nowIso(),
        deleted_at: null,
        backorderable: availability?.backorderable ? 1 : 0,
        lead_time_days: availability?.leadTimeDays ?? null,
      };
      made.push({ row, values: spec.values, incoming: availability?.incoming ?? [] });
    } catch (error) {
      if (line === undefined || !(error instanceof AppError) || error.code !== 'validation') throw error;
      problems.push({ line, field: csvColumnOf(error.message), message: error.message });
    }
  }
  if (problems.length > 0)
    throw new AppError(
      'csv_rows_refused',
      `${problems.length} of ${bodies.length} rows were refused; nothing was added`,
      undefined,
      {
        rows: problems.slice(0, MAX_LISTED_ROW_PROBLEMS),
        rowsTotal: problems.length,
      },
    );
  await parts.insertParts(trx, made);
  await insertBatches(
    trx,
    made.map(({ row, incoming }) => ({ partId: row.id, batches: incoming })),
  );
  await recordAudit(
    trx,
    made.map(({ row, incoming }) => ({
      actor,
      action: 'part.created' as const,
      subjectId: row.id,
      after: { ...auditView(row), ...availabilityView(row, incoming) },
    })),
  );
  return made.map(({ row }) => row.id);
}

/** The file's column a refusal names (`categoryId: …` is the `category` column). */
function csvColumnOf(message: string): string {
  const field = message.split(/[.:]/)[0] ?? '';
  return ({ categoryId: 'category', replacementId: 'replacement' } as Record<string, string>)[field] ?? field;
}

export async function addPart(db: Database, actor: Actor, body: NewPartBody): Promise<string> {
  const [id] = await db.transaction().execute((trx) => insertAudited(trx, actor, [{ body }]));
  return id as string;
}

/**
 * Adds the parts of a CSV file, in the order of its rows, all or none: any refused row refuses
 * the file (the error lists every row and why), and the parts go in one transaction.
 */
export async function importParts(db: Database, actor: Actor, csv: Uint8Array): Promise<string[]> {
  const names = new Map<string, string | null>();
  for (const row of (await categoryTree(db)).byId.values()) {
    const name = row.name.toLowerCase();
    names.set(name, names.has(name) ? null : row.id);
  }
  const rows = partsFromCsv(csv, names);
  return db.transaction().execute((trx) => insertAudited(trx, actor, rows));
}

/**
 * Edits or restocks a part with the same rules as adding one. Orders already placed keep the
 * name and price they were placed with (they carry their own copy).
 */
export async function editPart(
  db: Database,
  actor: Actor,
  id: string,
  body: NewPartBody,
  stockArrived?: StockArrived,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await parts.findPart(trx, id);
    if (!before) throw notFound('part');
    const spec = await specificationOf(trx, body, before);
    const changes = { ...fields(body, before), ...spec.columns };
    if (!(await parts.updatePart(trx, id, changes))) throw notFound('part');
    await parts.writeValues(trx, id, spec.values);
    // Pieces in stock go to the orders waiting for them first, whoever put them there.
    if (changes.available_quantity > 0) await stockArrived?.(trx, id);
    const after = { ...before, ...changes };
    await recordAudit(trx, {
      actor,
      action: 'part.edited',
      subjectId: id,
      before: auditView(before),
      after: auditView(after),
    });
  });
}

/**
 * Deleting a part takes it out of the catalog but keeps its row: orders name it, and an order
 * must keep showing what was bought and at what price.
 */
export async function deletePart(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await parts.findPart(trx, id);
    if (!before || !(await parts.softDeletePart(trx, id, nowIso()))) throw notFound('part');
    await recordAudit(trx, { actor, action: 'part.deleted', subjectId: id, before: auditView(before) });
  });
}
