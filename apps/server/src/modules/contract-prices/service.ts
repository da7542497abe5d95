import {
  type ContractPrices,
  type ContractPricesBody,
  contractPriceApplies,
  PAST_DAY_MESSAGE,
} from '@shop/contract/contract-prices';
import type { RefusedLine } from '@shop/contract/errors';
import type { ContractPrice } from '@shop/contract/parts';
import { nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { recordAudit } from '../audit/index.js';
import { companyOf, membershipOf } from '../companies/index.js';
import * as prices from './repository.js';

/** One price to keep: a part, whole dollars a piece, and its last day (YYYY-MM-DD) or none. */
export interface PriceToKeep {
  partsId: string;
  unitPrice: number;
  validUntil?: string | undefined;
}

const today = () => nowIso().slice(0, 10);

/** The company, when the caller may read its prices: the shop's admin or one of its members. */
async function readableCompany(db: Database, caller: Caller, companyId: string): Promise<void> {
  if (!(await companyOf(db, companyId))) throw notFound('company');
  if (caller.role === 'admin') return;
  if ((await membershipOf(db, caller.id))?.company_id !== companyId)
    throw forbidden('You are not a member of this company');
}

/** `GET /api/companies/{id}/prices`: the company's contract prices, by part name. */
export async function pricesOf(db: Database, caller: Caller, companyId: string): Promise<ContractPrices> {
  await readableCompany(db, caller, companyId);
  const day = today();
  const rows = await prices.pricesWithParts(db, companyId);
  return {
    items: rows.map((row) => ({
      partsId: row.part_id,
      partsName: row.part_name,
      unitPrice: Number(row.unit_price),
      ...(row.valid_until ? { validUntil: row.valid_until } : {}),
      listPrice: Number(row.list_price),
      expired: !contractPriceApplies(row.valid_until, day),
    })),
  };
}

/** A last day already past: 400 naming the first such item. */
async function pastDayRefusal(
  db: Database,
  companyId: string,
  items: readonly PriceToKeep[],
): Promise<AppError | undefined> {
  const day = today();
  if (!items.some((item) => item.validUntil !== undefined && item.validUntil < day)) return undefined;
  // A price that ran out may stay on the list as it is (the list is written whole): only a new or
  // changed one must not end in the past.
  const expired = await prices.expiredPrices(db, companyId, day);
  const line = items.findIndex((item) => {
    if (item.validUntil === undefined || item.validUntil >= day) return false;
    const kept = expired.get(item.partsId);
    return kept?.unitPrice !== item.unitPrice || kept.validUntil !== item.validUntil;
  });
  if (line < 0) return undefined;
  return new AppError('validation', `items.${line}.validUntil ${PAST_DAY_MESSAGE}`);
}

/** Parts the catalog does not have (unknown or deleted): 404 naming the first five, `details` every one. */
async function unknownPartRefusal(
  db: Database,
  items: readonly PriceToKeep[],
): Promise<AppError | undefined> {
  const known = await prices.partsInCatalog(
    db,
    items.map((item) => item.partsId),
  );
  const missing: RefusedLine[] = [];
  items.forEach((item, line) => {
    if (!known.has(item.partsId)) missing.push({ line, partsId: item.partsId });
  });
  if (missing.length === 0) return undefined;
  const named = missing
    .slice(0, 5)
    .map((item) => `${item.partsId} (item ${item.line})`)
    .join(', ');
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
  return new AppError('not_found', `No such part in the catalog: ${named}${more}`, undefined, {
    details: missing,
  });
}

/**
 * Writes the prices (the company's whole list when `whole`, else beside the ones kept, replacing
 * those of the same parts), checked first, with the company's row locked; audited.
 */
async function keepPrices(
  db: Database,
  caller: Caller,
  companyId: string,
  items: readonly PriceToKeep[],
  whole: boolean,
): Promise<void> {
  if (!(await companyOf(db, companyId))) throw notFound('company');
  const refusal = (await pastDayRefusal(db, companyId, items)) ?? (await unknownPartRefusal(db, items));
  if (refusal) throw refusal;
  const now = nowIso();
  const rows = items.map(
    (item): prices.ContractPriceRow => ({
      company_id: companyId,
      part_id: item.partsId,
      unit_price: item.unitPrice,
      valid_until: item.validUntil ?? null,
      created_at: now,
    }),
  );
  await db.transaction().execute(async (trx) => {
    await prices.lockCompany(trx, companyId);
    const before = await prices.countPrices(trx, companyId);
    await prices.deletePrices(trx, companyId, whole ? undefined : rows.map((row) => row.part_id));
    await prices.insertPrices(trx, rows);
    await recordAudit(trx, {
      actor: caller,
      action: 'company.contract_prices_set',
      subjectId: companyId,
      before: { prices: before },
      after: { prices: await prices.countPrices(trx, companyId), written: rows.length },
    });
  });
}

/** `PUT /api/companies/{id}/prices` (the shop's admin): the company's whole list becomes the items. */
export async function replacePrices(
  db: Database,
  caller: Caller,
  companyId: string,
  body: ContractPricesBody,
): Promise<ContractPrices> {
  await keepPrices(db, caller, companyId, body.items, true);
  return pricesOf(db, caller, companyId);
}

/** Adds these prices to the company's (an accepted quote's), replacing those of the same parts. */
export async function addPrices(
  db: Database,
  caller: Caller,
  companyId: string,
  items: readonly PriceToKeep[],
): Promise<ContractPrices> {
  await keepPrices(db, caller, companyId, items, false);
  return pricesOf(db, caller, companyId);
}

/** The company's prices of these parts that apply now: part → price, in one query. */
export async function companyContractPrices(
  db: Database,
  companyId: string,
  partIds: readonly string[],
): Promise<Map<string, ContractPrice>> {
  if (partIds.length === 0) return new Map();
  const rows = await prices.applyingPrices(db, companyId, partIds, today());
  return new Map(
    rows.map((row) => [
      row.part_id,
      { unitPrice: Number(row.unit_price), ...(row.valid_until ? { validUntil: row.valid_until } : {}) },
    ]),
  );
}

/** The prices of these parts that apply now for a buyer: their company's, none outside a company. */
export async function buyerContractPrices(
  db: Database,
  userId: string,
  partIds: readonly string[],
): Promise<Map<string, ContractPrice>> {
  const membership = await membershipOf(db, userId);
  return membership ? companyContractPrices(db, membership.company_id, partIds) : new Map();
}
