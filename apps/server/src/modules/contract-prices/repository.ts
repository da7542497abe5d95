import { chunks, inChunks } from '../../db/chunks.js';
import type { Database } from '../../db/database.js';
import { lockRows } from '../../db/row-locks.js';
import type { ContractPricesTable } from '../../db/schema.js';

export type ContractPriceRow = ContractPricesTable;

/** The most rows one insert writes (5 values each: far below either database's cap on parameters). */
const ROWS_A_STATEMENT = 500;
/** The most ids one `in (…)` lists. */
const VALUES_A_QUERY = 5_000;

/** The company's prices whose parts are in the catalog, with each part's name and list price, by name. */
export function pricesWithParts(
  db: Database,
  companyId: string,
): Promise<(ContractPriceRow & { part_name: string; list_price: number })[]> {
  return db
    .selectFrom('contract_prices')
    .innerJoin('parts', 'parts.id', 'contract_prices.part_id')
    .selectAll('contract_prices')
    .select(['parts.name as part_name', 'parts.price_per_piece as list_price'])
    .where('contract_prices.company_id', '=', companyId)
    .where('parts.deleted_at', 'is', null)
    .orderBy('parts.name')
    .orderBy('contract_prices.part_id')
    .execute();
}

/** The company's prices that ran out (a last day before `today`): part → its price and last day. */
export async function expiredPrices(
  db: Database,
  companyId: string,
  today: string,
): Promise<Map<string, { unitPrice: number; validUntil: string }>> {
  const rows = await db
    .selectFrom('contract_prices')
    .select(['part_id', 'unit_price', 'valid_until'])
    .where('company_id', '=', companyId)
    .where('valid_until', '<', today)
    .execute();
  return new Map(
    rows.map((row) => [
      row.part_id,
      { unitPrice: Number(row.unit_price), validUntil: String(row.valid_until) },
    ]),
  );
}

/** How many prices the company keeps (parts that left the catalog too). */
export async function countPrices(db: Database, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('contract_prices')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Serialises the writes to a company's prices (its row locked until the transaction ends). */
export function lockCompany(db: Database, companyId: string): Promise<void> {
  return lockRows(db, db.selectFrom('companies').select('id').where('id', '=', companyId));
}

/** Which of these parts are in the catalog (not deleted). */
export async function partsInCatalog(db: Database, partIds: readonly string[]): Promise<Set<string>> {
  const rows = await inChunks(partIds, VALUES_A_QUERY, (chunk) =>
    db.selectFrom('parts').select('id').where('id', 'in', chunk).where('deleted_at', 'is', null).execute(),
  );
  return new Set(rows.map((row) => row.id));
}

/** Removes these parts' prices of the company (all of them when `partIds` is undefined). */
export async function deletePrices(
  db: Database,
  companyId: string,
  partIds?: readonly string[],
): Promise<void> {
  if (!partIds) {
    await db.deleteFrom('contract_prices').where('company_id', '=', companyId).execute();
    return;
  }
  for (const chunk of chunks(partIds, VALUES_A_QUERY))
    await db
      .deleteFrom('contract_prices')
      .where('company_id', '=', companyId)
      .where('part_id', 'in', chunk)
      .execute();
}

/** Writes these rows (none of them kept yet). */
export async function insertPrices(db: Database, rows: readonly ContractPriceRow[]): Promise<void> {
  for (const chunk of chunks(rows, ROWS_A_STATEMENT))
    await db.insertInto('contract_prices').values(chunk).execute();
}

/** The company's prices of these parts that still apply on `today` (YYYY-MM-DD). */
export function applyingPrices(
  db: Database,
  companyId: string,
  partIds: readonly string[],
  today: string,
): Promise<{ part_id: string; unit_price: number; valid_until: string | null }[]> {
  return inChunks(partIds, VALUES_A_QUERY, (chunk) =>
    db
      .selectFrom('contract_prices')
      .select(['part_id', 'unit_price', 'valid_until'])
      .where('company_id', '=', companyId)
      .where('part_id', 'in', chunk)
      .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>=', today)]))
      .execute(),
  );
}
