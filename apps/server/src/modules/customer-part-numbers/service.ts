import { createHash } from 'node:crypto';
import {
  CUSTOMER_PART_NUMBERS_CHANGED_MESSAGE,
  type CustomerPartNumbers,
  type CustomerPartNumbersBody,
  ONLY_COMPANY_ADMINS_MESSAGE,
} from '@shop/contract/customer-part-numbers';
import type { RefusedLine } from '@shop/contract/errors';
import { nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { partNumberKey } from '../../db/text-search.js';
import { AppError, forbidden } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { ifMatchPasses } from '../../http/if-match.js';
import { membershipOf } from '../companies/index.js';
import { serialiseUserWrites } from '../users/index.js';
import * as numbers from './repository.js';

export type { NumberOwner } from './repository.js';

/** Whose set the caller keeps, and whether they may replace it. */
interface Whose {
  owner: numbers.NumberOwner;
  editable: boolean;
}

/**
 * The owner of a buyer's numbers: their company's when they belong to one (its admins write it,
 * its buyers read it), else their own.
 */
export function numberOwner(userId: string, companyId: string | null | undefined): numbers.NumberOwner {
  return companyId ? { kind: 'company', id: companyId } : { kind: 'user', id: userId };
}

/** The owner of this user's numbers as their membership is now. */
export async function numberOwnerOf(db: Database, userId: string): Promise<numbers.NumberOwner> {
  return numberOwner(userId, (await membershipOf(db, userId))?.company_id);
}

async function whoseFor(db: Database, caller: Caller): Promise<Whose> {
  const membership = await membershipOf(db, caller.id);
  return {
    owner: numberOwner(caller.id, membership?.company_id),
    editable: membership === undefined || membership.role === 'admin',
  };
}

/**
 * The set's ETag (a strong one): a digest of its numbers by part, so it changes with every change
 * of the set and with nothing else. A `PUT` naming it (`If-Match`) replaces that set or none.
 */
function setEtag(rows: readonly { part_id: string; customer_part_number: string }[]): string {
  const hash = createHash('sha256');
  for (const row of [...rows].sort((a, b) => (a.part_id < b.part_id ? -1 : a.part_id > b.part_id ? 1 : 0)))
    hash.update(`${row.part_id}\t${row.customer_part_number}\n`);
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

async function readSet(db: Database, whose: Whose): Promise<{ set: CustomerPartNumbers; etag: string }> {
  const [rows, stored] = await Promise.all([
    numbers.numbersWithParts(db, whose.owner),
    numbers.storedNumbers(db, whose.owner),
  ]);
  return {
    set: {
      items: rows.map((row) => ({
        partsId: row.part_id,
        customerPartNumber: row.customer_part_number,
        partsName: row.part_name,
        ...(row.mpn === null ? {} : { mpn: row.mpn }),
      })),
      owner: whose.owner.kind,
      editable: whose.editable,
    },
    etag: setEtag(stored),
  };
}

/** `GET /api/customer-part-numbers`: the caller's set (theirs, or their company's) and its ETag. */
export async function numbersOf(
  db: Database,
  caller: Caller,
): Promise<{ set: CustomerPartNumbers; etag: string }> {
  return readSet(db, await whoseFor(db, caller));
}

/** Takes the owner's writes one at a time until the transaction ends: a company's row, or the buyer's. */
async function serialiseWrites(trx: Database, owner: numbers.NumberOwner): Promise<void> {
  if (owner.kind === 'company') await numbers.lockCompany(trx, owner.id);
  else await serialiseUserWrites(trx, owner.id);
}

/**
 * The items that give one number (as numbers compare) to two parts: 422 naming the first such
 * number and its items in the message, and every clashing item in `details`.
 */
function duplicateRefusal(rows: readonly numbers.NumberRow[]): AppError | undefined {
  const byKey = Map.groupBy(
    rows.map((row, line) => ({ row, line })),
    (item) => item.row.number_key,
  );
  const clashes = [...byKey.values()].filter((items) => items.length > 1);
  const [first] = clashes;
  if (!first) return undefined;
  const details = clashes
    .flat()
    .map(({ row, line }) => ({ line, partsId: row.part_id }))
    .sort((a, b) => a.line - b.line);
  return new AppError(
    'duplicate_customer_part_number',
    `The customer part number "${first[0]?.row.customer_part_number}" is given to ${first.length} parts (items ${first
      .map((item) => item.line)
      .join(', ')}): a number names one part, with case, spaces, '-', '/' and '.' ignored`,
    undefined,
    { details },
  );
}

/** The items whose part the catalog does not have (unknown or deleted): 422 naming the first five and every one in `details`. */
function unknownPartRefusal(
  rows: readonly { part_id: string }[],
  known: ReadonlyMap<string, unknown>,
): AppError | undefined {
  const missing: RefusedLine[] = [];
  rows.forEach((row, line) => {
    if (!known.has(row.part_id)) missing.push({ line, partsId: row.part_id });
  });
  if (missing.length === 0) return undefined;
  const named = missing
    .slice(0, 5)
    .map((item) => `${item.partsId} (item ${item.line})`)
    .join(', ');
  return new AppError(
    'unknown_part',
    `No such part in the catalog: ${named}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`,
    undefined,
    { details: missing },
  );
}

/** Byte order of the UTF-8 texts, as both databases keep number_key (the order GET answers in). */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * `PUT /api/customer-part-numbers`: the caller's set becomes the items, whole, or stays as it was.
 * The items are checked first; then, with the owner's row locked (a company's, or the buyer's),
 * the set is replaced, so that sets written at once are written one after the other, each whole:
 * the last one stays. With `ifMatch`, only while the set is still the one its ETag names (else
 * 412). Answers the set written, as GET would.
 */
export async function replaceNumbers(
  db: Database,
  caller: Caller,
  body: CustomerPartNumbersBody,
  ifMatch: string | undefined,
): Promise<{ set: CustomerPartNumbers; etag: string }> {
  const whose = await whoseFor(db, caller);
  if (!whose.editable) throw forbidden(ONLY_COMPANY_ADMINS_MESSAGE);
  const now = nowIso();
  const rows = body.items.map(
    (item): numbers.NumberRow => ({
      owner_kind: whose.owner.kind,
      owner_id: whose.owner.id,
      part_id: item.partsId,
      customer_part_number: item.customerPartNumber,
      number_key: partNumberKey(item.customerPartNumber),
      created_at: now,
    }),
  );
  const duplicate = duplicateRefusal(rows);
  if (duplicate) throw duplicate;
  // A part taken out of the catalog meanwhile keeps its number out of sight, as one taken out later.
  const parts = await numbers.partsInCatalog(
    db,
    rows.map((row) => row.part_id),
  );
  const unknown = unknownPartRefusal(rows, parts);
  if (unknown) throw unknown;
  await db.transaction().execute(async (trx) => {
    await serialiseWrites(trx, whose.owner);
    if (
      ifMatch !== undefined &&
      !ifMatchPasses(ifMatch, setEtag(await numbers.storedNumbers(trx, whose.owner)))
    )
      throw new AppError('precondition_failed', CUSTOMER_PART_NUMBERS_CHANGED_MESSAGE);
    await numbers.replaceNumbers(trx, whose.owner, rows);
  });
  const items = [...rows]
    .sort((a, b) => byteOrder(a.number_key, b.number_key) || byteOrder(a.part_id, b.part_id))
    .map((row) => {
      const part = parts.get(row.part_id);
      return {
        partsId: row.part_id,
        customerPartNumber: row.customer_part_number,
        partsName: part?.name ?? '',
        ...(part?.mpn ? { mpn: part.mpn } : {}),
      };
    });
  return { set: { items, owner: whose.owner.kind, editable: true }, etag: setEtag(rows) };
}

/**
 * The parts whose number, as numbers compare (text-search.ts partNumberKey), is one of `keys`, for
 * this owner: key → the part and the number as kept. One query for a bill of materials (up to
 * 10,000 keys a query), only parts in the catalog. Keys are taken as given: normalise them with
 * partNumberKey first.
 */
export async function partsByCustomerNumberKeys(
  db: Database,
  owner: numbers.NumberOwner,
  keys: readonly string[],
): Promise<Map<string, { partsId: string; number: string }>> {
  const rows = await numbers.partsWithKeys(
    db,
    owner,
    keys.filter((key) => key !== ''),
  );
  return new Map(
    rows.map((row) => [row.number_key, { partsId: row.part_id, number: row.customer_part_number }]),
  );
}

/** This owner's numbers of these parts: part → number. */
export async function customerNumbersOfParts(
  db: Database,
  owner: numbers.NumberOwner,
  partIds: readonly string[],
): Promise<Map<string, string>> {
  if (partIds.length === 0) return new Map();
  const rows = await numbers.numbersOfParts(db, owner, partIds);
  return new Map(rows.map((row) => [row.part_id, row.customer_part_number]));
}

/**
 * The numbers of these parts that a buyer uses (their company's when they belong to one, else
 * their own): part → number, in one query.
 */
export async function customerNumbersOfBuyer(
  db: Database,
  userId: string,
  partIds: readonly string[],
): Promise<Map<string, string>> {
  if (partIds.length === 0) return new Map();
  const rows = await numbers.numbersOfPartsForUser(db, userId, partIds);
  return new Map(rows.map((row) => [row.part_id, row.customer_part_number]));
}

/** The most parts a number's start finds in the search (the exact number's part comes besides). */
export const MAX_PREFIX_PARTS = 100;

/**
 * The parts of this owner whose number is `key` (exact), and those whose number starts with it
 * when it has 3 characters or more (prefix; at most MAX_PREFIX_PARTS, by number).
 */
export async function partsByCustomerNumber(
  db: Database,
  owner: numbers.NumberOwner,
  key: string,
): Promise<{ exact: string[]; prefix: string[] }> {
  if (key === '') return { exact: [], prefix: [] };
  const [exact, prefix] = await Promise.all([
    numbers.partsWithKeys(db, owner, [key]),
    key.length >= 3 ? numbers.partsWithKeyPrefix(db, owner, key, MAX_PREFIX_PARTS) : [],
  ]);
  return { exact: exact.map((row) => row.part_id), prefix };
}
