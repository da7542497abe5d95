import {
  type FleetEntry,
  type FleetEntryBody,
  MAX_FLEET_ENTRIES,
  TOO_MANY_FLEET_ENTRIES_MESSAGE,
} from '@shop/contract/tools';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { membershipOf } from '../companies/index.js';
import { serialiseUserWrites } from '../users/index.js';
import * as fleet from './fleet-repository.js';
import { partsListsOf } from './repository.js';
import { toToolPart } from './service.js';

/**
 * Whose fleet the caller keeps: their company's when they belong to one (every member, admin or
 * buyer, reads, adds and removes its entries), else their own.
 */
async function ownerOf(db: Database, caller: Caller): Promise<fleet.FleetOwner> {
  const membership = await membershipOf(db, caller.id);
  return membership ? { companyId: membership.company_id } : { userId: caller.id };
}

/** The caller's fleet, oldest first, each entry with its tool and the tool's parts that wear. */
export async function fleetOf(db: Database, caller: Caller): Promise<FleetEntry[]> {
  const rows = await fleet.fleetOf(db, await ownerOf(db, caller), MAX_FLEET_ENTRIES);
  const inCatalog = rows.filter((row) => row.tool_deleted_at === null).map((row) => row.tool_id);
  const wear = Map.groupBy(
    await partsListsOf(db, [...new Set(inCatalog)], { wearOnly: true }),
    (row) => row.tool_id,
  );
  return rows.map((row) => ({
    _id: row.id,
    toolId: row.tool_id,
    ...(row.serial_number === null ? {} : { serialNumber: row.serial_number }),
    quantity: Number(row.quantity),
    ...(row.note === null ? {} : { note: row.note }),
    ...(row.company_id === null ? {} : { companyId: row.company_id }),
    createdAt: row.created_at,
    ...(row.tool_deleted_at === null
      ? { tool: { _id: row.tool_id, name: row.tool_name, model: row.tool_model, img: row.tool_img } }
      : {}),
    wearParts: row.tool_deleted_at === null ? (wear.get(row.tool_id) ?? []).map(toToolPart) : [],
  }));
}

/** Takes the owner's writes one at a time until the transaction ends: a company's row, or the buyer's. */
async function serialiseFleetWrites(trx: Database, caller: Caller, owner: fleet.FleetOwner): Promise<void> {
  if (owner.companyId !== undefined) await fleet.lockCompany(trx, owner.companyId);
  else await serialiseUserWrites(trx, caller.id);
}

/**
 * Adds tools of one model to the caller's fleet. The cap of MAX_FLEET_ENTRIES is decided with the
 * owner's row locked, so entries added at once never pass it. A tool not in the catalog → 422
 * unknown_tool.
 */
export async function addFleetEntry(db: Database, caller: Caller, body: FleetEntryBody): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const owner = await ownerOf(trx, caller);
    await serialiseFleetWrites(trx, caller, owner);
    if ((await fleet.countFleet(trx, owner)) >= MAX_FLEET_ENTRIES)
      throw new AppError('too_many_fleet_entries', TOO_MANY_FLEET_ENTRIES_MESSAGE);
    if (!(await fleet.toolInCatalog(trx, body.toolId)))
      throw new AppError('unknown_tool', `No such tool model in the catalog: ${body.toolId}`);
    await fleet.insertFleetEntry(trx, {
      id,
      user_id: owner.userId ?? null,
      company_id: owner.companyId ?? null,
      tool_id: body.toolId,
      serial_number: body.serialNumber ?? null,
      quantity: body.quantity,
      note: body.note ?? null,
      added_by: caller.id,
      created_at: nowIso(),
    });
  });
  return id;
}

/** Removes an entry of the caller's fleet; one of another fleet is answered as none (404). */
export async function removeFleetEntry(db: Database, caller: Caller, id: string): Promise<void> {
  if (!(await fleet.deleteFleetEntry(db, await ownerOf(db, caller), id))) throw notFound('fleet entry');
}
