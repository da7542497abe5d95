import { newId, nowIso } from '../clock.js';
import type { Database } from '../db/database.js';
import type { NewPart, PartRow } from '../db/schema.js';
import { nameSortKey, searchForm } from '../db/text-search.js';
import type { Caller } from './fixture.js';

type TestPart = Pick<PartRow, 'name'> & Partial<Omit<PartRow, 'id' | 'name' | 'name_search' | 'name_sort'>>;

/** A part's row as a test writes it: defaults for what the test leaves out, the shop's search form of the name. */
function partRow(part: TestPart): NewPart & { id: string } {
  return {
    desc: 'A part made for this test',
    img: 'https://example.com/p.webp',
    price_per_piece: 3,
    available_quantity: 500,
    min_order_quantity: 10,
    created_at: nowIso(),
    deleted_at: null,
    ...part,
    id: newId(),
    name_search: searchForm(part.name),
    name_sort: nameSortKey(part.name),
  };
}

/** A part written straight into the database (no admin, no audit); answers its id. */
export async function insertPart(db: Database, part: TestPart): Promise<string> {
  const [id] = await insertParts(db, [part]);
  return id as string;
}

/** Parts written straight into the database in one statement; answers their ids in order. */
export async function insertParts(db: Database, parts: TestPart[]): Promise<string[]> {
  const rows = parts.map(partRow);
  if (rows.length) await db.insertInto('parts').values(rows).execute();
  return rows.map((row) => row.id);
}

/** The pieces of a part in stock now, as the database holds them. */
export async function stockOf(db: Database, partId: string): Promise<number> {
  const row = await db
    .selectFrom('parts')
    .select('available_quantity')
    .where('id', '=', partId)
    .executeTakeFirstOrThrow();
  return Number(row.available_quantity);
}

/** A part the caller (the shop's admin, to be allowed) adds through the API; answers its id. */
export async function addedPart(
  caller: Caller,
  part: {
    name?: string;
    price?: number;
    available?: number;
    min?: number;
    breaks?: { min_quantity: number; price_per_piece: number }[];
    /** The part's order multiple (a reel, a pack); left out: 1. */
    multiple?: number;
  } = {},
): Promise<string> {
  const res = await caller.post('/api/parts', {
    name: part.name ?? `Test part ${Math.random().toString(36).slice(2, 8)}`,
    desc: 'A part made for this test',
    img: 'https://example.com/p.webp',
    min_order_quantity: part.min ?? 1,
    available_quantity: part.available ?? 1000,
    price_per_piece: part.price ?? 7,
    ...(part.breaks ? { price_breaks: part.breaks } : {}),
    ...(part.multiple ? { order_multiple: part.multiple } : {}),
  });
  if (res.statusCode !== 201) throw new Error(`adding the part failed: ${res.statusCode} ${res.body}`);
  return res.json().insertedId;
}
