import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.js';
import { lockRows } from '../../db/row-locks.js';
import type { DB, MyToolsTable } from '../../db/schema.js';

export type FleetRow = MyToolsTable;

/** Whose fleet: a buyer's own, or a company's (shared by its members). */
export type FleetOwner =
  | { userId: string; companyId?: undefined }
  | { companyId: string; userId?: undefined };

/** A fleet entry with its tool (tools are deleted softly: `tool_deleted_at` says whether it left the catalog). */
export interface FleetRowWithTool extends FleetRow {
  tool_name: string;
  tool_model: string;
  tool_img: string;
  tool_deleted_at: string | null;
}

/** The owner's entries: a company's, or a buyer's own (not those of a company they were in). */
const ownedBy = (owner: FleetOwner) => (eb: ExpressionBuilder<DB, 'my_tools'>) =>
  owner.companyId !== undefined
    ? eb('my_tools.company_id', '=', owner.companyId)
    : eb.and([eb('my_tools.user_id', '=', owner.userId), eb('my_tools.company_id', 'is', null)]);

/** The owner's fleet, oldest first, each entry with its tool; at most `limit` entries. */
export function fleetOf(db: Database, owner: FleetOwner, limit: number): Promise<FleetRowWithTool[]> {
  const query = db
    .selectFrom('my_tools')
    .innerJoin('tools', 'tools.id', 'my_tools.tool_id')
    .selectAll('my_tools')
    .select([
      'tools.name as tool_name',
      'tools.model as tool_model',
      'tools.img as tool_img',
      'tools.deleted_at as tool_deleted_at',
    ]);
  return query
    .where(ownedBy(owner))
    .orderBy('my_tools.created_at')
    .orderBy('my_tools.id')
    .limit(limit)
    .execute();
}

/** How many entries the owner's fleet has. */
export async function countFleet(db: Database, owner: FleetOwner): Promise<number> {
  const query = db.selectFrom('my_tools').select((eb) => eb.fn.countAll<number>().as('n'));
  const row = await query.where(ownedBy(owner)).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Serialises the writes to a company's fleet: its row locked until the transaction ends (a
 * buyer's own fleet is serialised by their user row, users' serialiseUserWrites).
 */
export function lockCompany(db: Database, companyId: string): Promise<void> {
  return lockRows(db, db.selectFrom('companies').select('id').where('id', '=', companyId));
}

export async function insertFleetEntry(db: Database, row: FleetRow): Promise<void> {
  await db.insertInto('my_tools').values(row).execute();
}

/** Removes the owner's entry; false when the owner has no such entry. */
export async function deleteFleetEntry(db: Database, owner: FleetOwner, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('my_tools')
    .where('my_tools.id', '=', id)
    .where(ownedBy(owner))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Whether the tool is in the catalog (one taken out cannot join a fleet). */
export async function toolInCatalog(db: Database, toolId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tools')
    .select('id')
    .where('id', '=', toolId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
