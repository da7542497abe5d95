import { type ExpressionBuilder, sql } from 'kysely';
import { chunks, inChunks } from '../../db/chunks.js';
import { type Database, isSqlite } from '../../db/database.js';
import { lockRows } from '../../db/row-locks.js';
import type { CustomerPartNumbersTable, DB } from '../../db/schema.js';

export type NumberRow = CustomerPartNumbersTable;

/** Whose numbers: a company's (shared by its members) or a buyer's in no company. */
export interface NumberOwner {
  kind: 'company' | 'user';
  id: string;
}

/** The most rows one insert writes (6 values each: far below either database's cap on parameters). */
const ROWS_A_STATEMENT = 500;
/** The most ids or keys one `in (…)` lists. */
const VALUES_A_QUERY = 10_000;

const ownedBy = (owner: NumberOwner) => (eb: ExpressionBuilder<DB, 'customer_part_numbers'>) =>
  eb.and([
    eb('customer_part_numbers.owner_kind', '=', owner.kind),
    eb('customer_part_numbers.owner_id', '=', owner.id),
  ]);

/** `number_key` as its index keeps it: in byte order on PostgreSQL too (migration 0035). */
const numberKey = (db: Database) =>
  sql.raw(isSqlite(db) ? 'customer_part_numbers.number_key' : 'customer_part_numbers.number_key collate "C"');

/** The owner's numbers whose parts are in the catalog, with each part's name and mpn, by number. */
export function numbersWithParts(
  db: Database,
  owner: NumberOwner,
): Promise<(NumberRow & { part_name: string; mpn: string | null })[]> {
  return db
    .selectFrom('customer_part_numbers')
    .innerJoin('parts', 'parts.id', 'customer_part_numbers.part_id')
    .selectAll('customer_part_numbers')
    .select(['parts.name as part_name', 'parts.mpn as mpn'])
    .where(ownedBy(owner))
    .where('parts.deleted_at', 'is', null)
    .orderBy(numberKey(db))
    .orderBy('customer_part_numbers.part_id')
    .execute();
}

/** Every number the owner keeps (a part that left the catalog too), by part: what the set's ETag is made of. */
export function storedNumbers(
  db: Database,
  owner: NumberOwner,
): Promise<{ part_id: string; customer_part_number: string }[]> {
  return db
    .selectFrom('customer_part_numbers')
    .select(['part_id', 'customer_part_number'])
    .where(ownedBy(owner))
    .orderBy('part_id')
    .execute();
}

/** Serialises the writes to a company's set (its row locked until the transaction ends). */
export function lockCompany(db: Database, companyId: string): Promise<void> {
  return lockRows(db, db.selectFrom('companies').select('id').where('id', '=', companyId));
}

/** Which of these parts are in the catalog (not deleted), with their names and mpns. */
export async function partsInCatalog(
  db: Database,
  partIds: readonly string[],
): Promise<Map<string, { name: string; mpn: string | null }>> {
  const rows = await inChunks(partIds, VALUES_A_QUERY, (chunk) =>
    db
      .selectFrom('parts')
      .select(['id', 'name', 'mpn'])
      .where('id', 'in', chunk)
      .where('deleted_at', 'is', null)
      .execute(),
  );
  return new Map(rows.map((row) => [row.id, { name: row.name, mpn: row.mpn }]));
}

/** The owner's set becomes `rows`: the old one deleted, the new one written (in the caller's transaction). */
export async function replaceNumbers(
  db: Database,
  owner: NumberOwner,
  rows: readonly NumberRow[],
): Promise<void> {
  await db.deleteFrom('customer_part_numbers').where(ownedBy(owner)).execute();
  for (const chunk of chunks(rows, ROWS_A_STATEMENT))
    await db.insertInto('customer_part_numbers').values(chunk).execute();
}

/**
 * The parts in the catalog whose number the owner keeps as one of these keys: one query for up to
 * VALUES_A_QUERY keys (a bill of materials has at most 5,000 lines).
 */
export function partsWithKeys(
  db: Database,
  owner: NumberOwner,
  keys: readonly string[],
): Promise<{ number_key: string; part_id: string; customer_part_number: string }[]> {
  return inChunks(keys, VALUES_A_QUERY, (chunk) =>
    db
      .selectFrom('customer_part_numbers')
      .innerJoin('parts', 'parts.id', 'customer_part_numbers.part_id')
      .select([
        'customer_part_numbers.number_key',
        'customer_part_numbers.part_id',
        'customer_part_numbers.customer_part_number',
      ])
      .where(ownedBy(owner))
      .where(sql<boolean>`${numberKey(db)} in (${sql.join(chunk)})`)
      .where('parts.deleted_at', 'is', null)
      .execute(),
  );
}

/** The parts in the catalog whose number the owner keeps starts with `prefix` (not equals it), by number; at most `limit`. */
export async function partsWithKeyPrefix(
  db: Database,
  owner: NumberOwner,
  prefix: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('customer_part_numbers')
    .innerJoin('parts', 'parts.id', 'customer_part_numbers.part_id')
    .select('customer_part_numbers.part_id')
    .where(ownedBy(owner))
    .where(sql<boolean>`${numberKey(db)} > ${prefix} and ${numberKey(db)} < ${`${prefix}\u{10ffff}`}`)
    .where('parts.deleted_at', 'is', null)
    .orderBy(numberKey(db))
    .limit(limit)
    .execute();
  return rows.map((row) => row.part_id);
}

/** The owner's numbers of these parts. */
export function numbersOfParts(
  db: Database,
  owner: NumberOwner,
  partIds: readonly string[],
): Promise<{ part_id: string; customer_part_number: string }[]> {
  return inChunks(partIds, VALUES_A_QUERY, (chunk) =>
    db
      .selectFrom('customer_part_numbers')
      .select(['part_id', 'customer_part_number'])
      .where(ownedBy(owner))
      .where('part_id', 'in', chunk)
      .execute(),
  );
}

/**
 * The numbers of these parts that a user uses, in one query: their company's when they belong to
 * one, else their own (the owner read in the same statement).
 */
export function numbersOfPartsForUser(
  db: Database,
  userId: string,
  partIds: readonly string[],
): Promise<{ part_id: string; customer_part_number: string }[]> {
  return inChunks(partIds, VALUES_A_QUERY, (chunk) =>
    db
      .selectFrom('customer_part_numbers')
      .select(['part_id', 'customer_part_number'])
      .where('part_id', 'in', chunk)
      .where((eb) => {
        const company = eb
          .selectFrom('company_members')
          .select('company_members.company_id')
          .where('company_members.user_id', '=', userId);
        return eb.or([
          eb.and([eb('owner_kind', '=', 'company'), eb('owner_id', '=', company)]),
          eb.and([eb('owner_kind', '=', 'user'), eb('owner_id', '=', userId), eb.not(eb.exists(company))]),
        ]);
      })
      .execute(),
  );
}
