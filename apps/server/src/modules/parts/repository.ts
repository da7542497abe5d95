import { sql } from 'kysely';
import { type Database, isSqlite } from '../../db/database.js';
import type { PartRow } from '../../db/schema.js';
import { containsPattern, trigramPhrase } from '../../db/text-search.js';

export interface PartFilter {
  q?: string | undefined;
  limit: number;
  offset: number;
}

function listedParts(db: Database, q: string | undefined) {
  let query = db.selectFrom('parts').where('deleted_at', 'is', null);
  if (q) query = query.where(sql<boolean>`name_search like ${containsPattern(q)} escape '\\'`);
  return query;
}

/** A page of the catalog in catalog order (oldest first, then id), and how many parts match in all. */
export async function listParts(
  db: Database,
  filter: PartFilter,
): Promise<{ rows: PartRow[]; total: number }> {
  const { q, limit, offset } = filter;
  if (!q) return pageOfCatalog(db, limit, offset);
  if (isSqlite(db)) return searchSqlite(db, q, limit, offset);
  // PostgreSQL's planner reads the matches from the trigram index (three characters or more)
  // or scans, or walks the catalog order keeping matches, by its own statistics.
  const [rows, count] = await Promise.all([
    searchPage(db, q, limit, offset),
    listedParts(db, q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The page of a search walking the catalog in its order, keeping the parts that match. */
function searchPage(db: Database, q: string, limit: number, offset: number): Promise<PartRow[]> {
  return listedParts(db, q)
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * A search on SQLite, which keeps no statistics to choose a plan by: the matches are counted
 * first (from the trigram index, or from the names' index for one or two characters). Walking
 * the catalog in its order until the page is full visits about (offset + limit) × parts ÷
 * matches parts when matches are spread through the catalog; reading every match and sorting
 * them costs about the matches. The cheaper way is taken.
 */
async function searchSqlite(
  db: Database,
  q: string,
  limit: number,
  offset: number,
): Promise<{ rows: PartRow[]; total: number }> {
  const phrase = trigramPhrase(q);
  const counted = phrase
    ? await sql<{ n: number }>`select count(*) as n from part_search where part_search match ${phrase}`
        .execute(db)
        .then((result) => result.rows[0])
    : await listedParts(db, q)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (offset >= total) return { rows: [], total };
  const walkVisits = ((offset + limit) * (await catalogSize(db))) / total;
  if (walkVisits <= total) return { rows: await searchPage(db, q, limit, offset), total };
  const matches = phrase
    ? sql<PartRow>`select p.* from part_search s
        cross join part_search_rows r on r.n = s.rowid
        cross join parts p on p.id = r.part_id
        where part_search match ${phrase}
        order by p.created_at, p.id limit ${limit} offset ${offset}`
    : sql<PartRow>`select * from parts indexed by parts_listed_names
        where deleted_at is null and name_search like ${containsPattern(q)} escape '\\'
        order by created_at, id limit ${limit} offset ${offset}`;
  return { rows: (await matches.execute(db)).rows, total };
}

/** How many parts the catalog lists: the sum of its blocks. */
async function catalogSize(db: Database): Promise<number> {
  const { n } = await db
    .selectFrom('catalog_blocks')
    .select((eb) => eb.fn.sum<number>('listed').as('n'))
    .executeTakeFirstOrThrow();
  return Number(n ?? 0);
}

/**
 * A page of the whole catalog. The catalog's blocks (migration 0008) say how many parts it holds
 * and where the page's block begins; the page steps over at most one block's parts from there.
 */
async function pageOfCatalog(
  db: Database,
  limit: number,
  offset: number,
): Promise<{ rows: PartRow[]; total: number }> {
  const blocks = await db
    .selectFrom('catalog_blocks')
    .select(['first_created_at', 'first_id', 'listed'])
    .orderBy('first_created_at')
    .orderBy('first_id')
    .execute();
  const total = blocks.reduce((sum, block) => sum + Number(block.listed), 0);
  let before = 0;
  const start = blocks.find((block) => {
    if (before + Number(block.listed) > offset) return true;
    before += Number(block.listed);
    return false;
  });
  if (!start) return { rows: [], total };
  const rows = await db
    .selectFrom('parts')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '>=', eb.tuple(start.first_created_at, start.first_id)),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .offset(offset - before)
    .execute();
  return { rows, total };
}

export function findPart(db: Database, id: string): Promise<PartRow | undefined> {
  return db
    .selectFrom('parts')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertPart(db: Database, part: PartRow): Promise<void> {
  await db.insertInto('parts').values(part).execute();
}

/** Takes a part out of the catalog; its orders keep their name and price. False when there was none. */
export async function softDeletePart(db: Database, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('parts')
    .set({ deleted_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Changes a part in the catalog (not a deleted one); false when there is none. */
export async function updatePart(
  db: Database,
  id: string,
  changes: Omit<PartRow, 'id' | 'created_at' | 'deleted_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('parts')
    .set(changes)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
