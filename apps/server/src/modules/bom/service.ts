import {
  BOM_MAX_ROWS,
  type BomLine,
  type BomOptions,
  type BomProblem,
  type BomResult,
  matchedLineProblems,
  neededQuantity,
  orderQuantityFor,
  readQuantity,
} from '@shop/contract/bom';
import { unitPriceFor } from '@shop/contract/parts';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { type BuyerContractPrices, partsByIds, withContractPrices } from '../parts/index.js';
import { layoutOf } from './columns.js';
import { byId, byMpn, type Found, matchLines, type NumberLookup } from './matching.js';
import { decodeText, detectDelimiter, notATable, readDelimited, type TextEncoding } from './read-text.js';
import { isZip, readWorkbook } from './read-xlsx.js';
import { type TableRow, tooManyRows } from './table.js';

/**
 * The buyer's own part numbers (module customer-part-numbers), given by the app: for each number
 * the caller (or their company) keeps, the part it names. Keyed by the numbers as given.
 */
export type CustomerNumberLookup = (
  db: Database,
  caller: Caller,
  numbers: readonly string[],
) => Promise<ReadonlyMap<string, { partsId: string; number: string }>>;

export interface BomDeps {
  db: Database;
  customerPartNumbers?: CustomerNumberLookup | undefined;
  /** The buyer's company's contract prices (module contract-prices), given by the app. */
  contractPrices?: BuyerContractPrices | undefined;
}

/** What the BOM came as: a file's bytes (CSV or XLSX, told apart by its bytes, not its name) or pasted text. */
export type BomSource = { kind: 'file'; bytes: Buffer } | { kind: 'text'; text: string };

/** The lookups a BOM's numbers go through, in order: our id, the buyer's own numbers, the manufacturer's. */
export function lookupsFor(deps: BomDeps, caller: Caller): NumberLookup[] {
  const { db, customerPartNumbers } = deps;
  const own: NumberLookup[] = [];
  if (customerPartNumbers) {
    // The numbers as the buyer keeps them, to tell a number written alike from one only normalised alike.
    const kept = new Map<string, string>();
    own.push({
      by: 'customerPartNumber',
      async find(numbers) {
        const found = await customerPartNumbers(db, caller, numbers);
        for (const [written, { number }] of found) kept.set(written, number);
        return new Map([...found].map(([written, { partsId }]) => [written, [partsId]]));
      },
      isExact: (written) => kept.get(written) === written,
    });
  }
  return [byId(db), ...own, byMpn(db)];
}

const XLS_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

/** The rows of the source, and how they were read. */
async function readRows(
  source: BomSource,
): Promise<{ rows: TableRow[]; format: BomResult['format']; encoding?: TextEncoding }> {
  if (source.kind === 'text') {
    return { rows: await readDelimited(source.text, detectDelimiter(source.text)), format: 'text' };
  }
  const { bytes } = source;
  if (bytes.length === 0) throw new AppError('validation', 'The file is empty');
  if (isZip(bytes)) return { rows: await readWorkbook(bytes), format: 'xlsx' };
  if (XLS_MAGIC.every((byte, i) => bytes[i] === byte))
    throw new AppError(
      'unsupported_media_type',
      'The file is an old Excel workbook (.xls): save it as XLSX or CSV and upload that',
    );
  const { text, encoding } = decodeText(bytes);
  if (!text.trim()) throw notATable();
  return { rows: await readDelimited(text, detectDelimiter(text)), format: 'csv', encoding };
}

const cell = (row: TableRow, index: number | undefined) =>
  index === undefined ? '' : (row.cells[index] ?? '').trim();

/**
 * `POST /api/bom`: reads the rows (at most BOM_MAX_ROWS besides a header, refused before any
 * matching), picks the columns, matches every line in a bounded number of queries and works out
 * each line's quantities, price and problems. Every row comes back, in order. Nothing is ordered.
 */
export async function readBom(
  deps: BomDeps,
  caller: Caller,
  source: BomSource,
  options: BomOptions,
): Promise<BomResult> {
  const { rows, format, encoding } = await readRows(source);
  if (rows.length === 0) throw new AppError('validation', 'The bill of materials has no rows');
  const layout = layoutOf(rows, options.mapping);
  const data = layout.header ? rows.slice(1) : rows;
  if (data.length > BOM_MAX_ROWS) throw tooManyRows();
  if (data.length === 0)
    throw new AppError('validation', 'The bill of materials has a header but no rows below it');

  const inputs = data.map((row) => {
    const description = cell(row, layout.at.description);
    const reference = cell(row, layout.at.reference);
    return {
      row: row.row,
      quantity: readQuantity(cell(row, layout.at.quantity)),
      text: {
        partNumber: cell(row, layout.at.partNumber),
        ...(reference ? { reference } : {}),
        ...(description ? { description } : {}),
      },
    };
  });
  const found = await matchLines(
    deps.db,
    lookupsFor(deps, caller),
    inputs.map(({ text }) => ({ partNumber: text.partNumber, words: text.description || text.partNumber })),
  );
  const replacements = await replacementsOf(deps.db, found);
  const priced = await withContractPricesOf(deps, caller, found);

  const lines = inputs.map(({ row, quantity, text }, i): BomLine => {
    const needed = neededQuantity(quantity ?? 0, options.boards, options.attrition);
    const line = lineFor(priced[i] as Found, needed, replacements);
    if (quantity === undefined) line.problems.push('invalid_quantity');
    return { row, input: { ...text, quantity: quantity ?? 0 }, ...line };
  });
  return {
    mapping: layout.mapping,
    columns: layout.columns,
    header: layout.header,
    format,
    ...(encoding ? { encoding } : {}),
    boards: options.boards,
    attrition: options.attrition,
    lines,
    total: lines.reduce((sum, line) => sum + (line.price ?? 0), 0),
    unmatched: lines.filter((line) => !line.match).length,
  };
}

/** The lines found, each matched part with the buyer's contract price where one applies: one query. */
async function withContractPricesOf(deps: BomDeps, caller: Caller, found: Found[]): Promise<Found[]> {
  const parts = found.flatMap(({ match }) => (match ? [match.part] : []));
  const priced = new Map(
    (await withContractPrices(deps.db, deps.contractPrices, caller.id, parts)).map((part) => [
      part._id,
      part,
    ]),
  );
  return found.map((line) =>
    line.match
      ? { ...line, match: { ...line.match, part: priced.get(line.match.part._id) ?? line.match.part } }
      : line,
  );
}

/** The parts to take instead of the obsolete parts matched, by the obsolete part's id: one query. */
async function replacementsOf(db: Database, found: readonly Found[]) {
  const wanted = new Map<string, string>();
  for (const { match } of found)
    if (match?.part.lifecycle === 'obsolete' && match.part.replacementId)
      wanted.set(match.part._id, match.part.replacementId);
  const parts = await partsByIds(db, [...wanted.values()]);
  const named = new Map<string, { partsId: string; partsName: string }>();
  for (const [obsolete, id] of wanted) {
    const part = parts.get(id);
    if (part) named.set(obsolete, { partsId: part._id, partsName: part.name });
  }
  return named;
}

/** A line's match or candidates, its order quantity, price and problems. */
function lineFor(
  found: Found,
  needed: number,
  replacements: ReadonlyMap<string, { partsId: string; partsName: string }>,
): Omit<BomLine, 'row' | 'input'> & { problems: BomProblem[] } {
  const candidates = found.candidates?.map((part) => ({ partsId: part.id, partsName: part.name }));
  if (!found.match) {
    return {
      ...(candidates ? { candidates } : {}),
      needed,
      orderQuantity: needed,
      problems: [candidates ? 'ambiguous' : 'not_found'],
    };
  }
  const { part, by, exact } = found.match;
  const orderQuantity = orderQuantityFor({
    needed,
    minimum: part.min_order_quantity,
    multiple: part.order_multiple,
    price: part.price_per_piece,
    priceBreaks: part.price_breaks,
    available: part.available_quantity,
  });
  const unitPrice = unitPriceFor(part, orderQuantity);
  const replacement = replacements.get(part._id);
  return {
    match: { partsId: part._id, partsName: part.name, by, exact },
    needed,
    orderQuantity,
    unitPrice,
    price: unitPrice * orderQuantity,
    problems: matchedLineProblems(part, needed, orderQuantity),
    ...(replacement ? { replacement } : {}),
  };
}
