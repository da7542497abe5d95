import { MAX_LISTED_ROW_PROBLEMS, type RowProblem } from '@shop/contract/errors';
import {
  NewPartBody,
  PARTS_CSV_COLUMNS,
  PARTS_CSV_MAX_ROWS,
  PARTS_CSV_OPTIONAL_COLUMNS,
} from '@shop/contract/parts';
import { Id } from '@shop/contract/primitives';
import { AppError } from '../../http/app-error.js';
import { startsLikeFormula } from '../../http/csv.js';
import { type CsvRecord, readCsv } from '../../http/csv-reader.js';
import { type CsvAvailability, readAvailability } from './csv-availability.js';

type Column = (typeof PARTS_CSV_COLUMNS)[number] | (typeof PARTS_CSV_OPTIONAL_COLUMNS)[number];
const TEXT_COLUMNS = ['name', 'desc', 'mpn', 'manufacturer'] as const;
const COLUMN_LIST = `${PARTS_CSV_COLUMNS.join(', ')} (and may name ${PARTS_CSV_OPTIONAL_COLUMNS.join(', ')})`;

const invalid = (message: string) => new AppError('csv_invalid', message);

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return before one) as
 * a formula: such text is refused rather than stored for the next export to carry. The shop's
 * own export writes such a cell as '=…, which is plain text and comes back in as it is.
 */
const looksLikeFormula = (cell: string) => startsLikeFormula(cell) || startsLikeFormula(cell.trim());
const FORMULA_MESSAGE =
  "starts like a spreadsheet formula (=, +, -, @, a tab or a carriage return); put a ' in front to keep it as text";

/**
 * The parts of a CSV file, every row checked with the rules of `POST /api/parts`. Anything
 * wrong throws: a file-level problem (empty, header, too many rows) as `csv_invalid`, refused
 * rows as `csv_rows_refused` listing each row's line, column and reason.
 */
export function partsFromCsv(bytes: Uint8Array, categories: CategoryNames): CsvPart[] {
  const reading = readCsv(bytes);
  if (reading.kind === 'not-utf8') {
    throw refused('The file is not UTF-8 text (save it as CSV UTF-8); nothing was added', reading.broken);
  }
  const [header, ...rows] = reading.records;
  if (!header) {
    if (reading.kind === 'stopped') throw refused(stoppedMessage(reading.broken.line), [reading.broken]);
    throw invalid(`The file is empty: its first line must name the columns ${COLUMN_LIST}`);
  }
  const columns = readHeader(header);
  if (rows.length > PARTS_CSV_MAX_ROWS) {
    throw invalid(`A file may hold at most ${PARTS_CSV_MAX_ROWS} parts; this one has ${rows.length} rows`);
  }
  if (rows.length === 0 && reading.kind === 'read') {
    throw invalid('The file has a header but no parts below it');
  }

  const parts: CsvPart[] = [];
  const problems: RowProblem[] = [];
  for (const row of rows) {
    const found = checkRow(row, columns, categories);
    if (Array.isArray(found)) problems.push(...found);
    else parts.push({ line: row.line, ...found });
  }
  if (reading.kind === 'stopped') {
    throw refused(stoppedMessage(reading.broken.line), [...problems, { ...reading.broken, field: null }]);
  }
  if (problems.length > 0) {
    const refusedRows = new Set(problems.map((p) => p.line)).size;
    const verb = refusedRows === 1 ? 'was' : 'were';
    throw refused(`${refusedRows} of ${rows.length} rows ${verb} refused; nothing was added`, problems);
  }
  return parts;
}

/** A row of the file as a new part, and its availability. */
export interface CsvPart {
  line: number;
  body: NewPartBody;
  availability: CsvAvailability;
}

const stoppedMessage = (line: number) => `The file could not be read from line ${line} on; nothing was added`;

function refused(message: string, problems: (Omit<RowProblem, 'field'> & { field?: string | null })[]) {
  const rows = problems
    .slice(0, MAX_LISTED_ROW_PROBLEMS)
    .map(({ line, field, message }) => ({ line, field: field ?? null, message }));
  return new AppError('csv_rows_refused', message, undefined, { rows, rowsTotal: problems.length });
}

/** The column each cell of a row belongs to; the header must name each column exactly once. */
function readHeader(header: CsvRecord): Column[] {
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const known = new Set<string>([...PARTS_CSV_COLUMNS, ...PARTS_CSV_OPTIONAL_COLUMNS]);
  const quote = (name: string) => (name ? `"${name.slice(0, 40)}"` : 'an empty one');
  const unknown = names.filter((name) => !known.has(name));
  const repeated = [...new Set(names.filter((name, i) => known.has(name) && names.indexOf(name) !== i))];
  const missing = PARTS_CSV_COLUMNS.filter((column) => !names.includes(column));
  const faults = [
    unknown.length > 0 && `unknown column ${[...new Set(unknown)].map(quote).join(', ')}`,
    repeated.length > 0 && `repeated column ${repeated.map(quote).join(', ')}`,
    missing.length > 0 && `missing column ${missing.map(quote).join(', ')}`,
  ].filter(Boolean);
  if (faults.length > 0) {
    throw invalid(`The first line must name the columns ${COLUMN_LIST}, in any order: ${faults.join('; ')}`);
  }
  return names as Column[];
}

/** A row as a part, or what is wrong with it. */
function checkRow(
  row: CsvRecord,
  columns: Column[],
  categories: CategoryNames,
): Omit<CsvPart, 'line'> | RowProblem[] {
  const { line, cells } = row;
  if (cells.length !== columns.length) {
    return [
      { line, field: null, message: `has ${cells.length} cells where the header has ${columns.length}` },
    ];
  }
  const record = Object.fromEntries(columns.map((column, i) => [column, cells[i]])) as Record<
    Column,
    string | undefined
  >;
  const {
    price_breaks: breaksCell = '',
    order_multiple: multipleCell = '',
    category,
    mpn,
    manufacturer,
    lifecycle,
    replacement,
    attributes,
    documents,
    backorderable,
    lead_time_days,
    incoming,
    ...required
  } = record;
  const fields: Record<string, unknown> = { ...required };
  // An empty cell: sold by the piece (1), as a part added without one.
  if (multipleCell.trim()) fields.order_multiple = multipleCell;
  const problems: RowProblem[] = TEXT_COLUMNS.filter((column) => looksLikeFormula(record[column] ?? '')).map(
    (field) => ({ line, field, message: FORMULA_MESSAGE }),
  );
  const spec = readSpecification(
    { category, mpn, manufacturer, lifecycle, replacement, attributes, documents },
    categories,
  );
  Object.assign(fields, spec.fields);
  for (const [field, message] of spec.problems) problems.push({ line, field, message });
  const available = readAvailability({ backorderable, lead_time_days, incoming });
  for (const [field, message] of available.problems) problems.push({ line, field, message });
  const breaks = readPriceBreaks(breaksCell);
  for (const pair of breaks.malformed)
    problems.push({ line, field: 'price_breaks', message: `${tierName(pair)}: ${MALFORMED_TIER_MESSAGE}` });
  const result = NewPartBody.safeParse(
    breaks.malformed.length === 0 && breaks.tiers.length > 0
      ? { ...fields, price_breaks: breaks.tiers }
      : fields,
  );
  if (result.success && available.availability && problems.length === 0)
    return { body: result.data, availability: available.availability };
  const reported = new Set<string | null>(problems.map((problem) => problem.field));
  const brokenTiers = new Set<number>();
  for (const issue of result.error?.issues ?? []) {
    const [field = null, tier, tierField] = issue.path;
    const message = issue.message.replace(/^Invalid input: /, '');
    if (field === 'price_breaks' && typeof tier === 'number') {
      // One problem per wrong tier, named by its place and its text.
      if (brokenTiers.has(tier)) continue;
      brokenTiers.add(tier);
      const pair = breaks.tiers[tier];
      if (pair) problems.push({ line, field, message: `${tierName(pair)}: ${String(tierField)} ${message}` });
      continue;
    }
    // One problem per column (the formula check's, else the first).
    const column = typeof field === 'string' ? field : null;
    if (reported.has(column)) continue;
    reported.add(column);
    problems.push({ line, field: column, message });
  }
  // Report the columns of a row in the order of the file (a column's problems in their order).
  return problems.sort((a, b) => columns.indexOf(a.field as Column) - columns.indexOf(b.field as Column));
}

/** A price break as the cell writes it: its place among the pairs (from 1) and its text. */
interface TierText {
  number: number;
  text: string;
}

const tierName = (pair: TierText) =>
  `tier ${pair.number} (${pair.text.length > 40 ? `${pair.text.slice(0, 40)}…` : pair.text})`;
const MALFORMED_TIER_MESSAGE =
  'must be min_quantity:price_per_piece in whole numbers, pairs separated by ; (e.g. 100:12;500:10)';

/**
 * A `price_breaks` cell: `min_quantity:price_per_piece` pairs separated by `;` (an empty cell,
 * or empty pairs, are none). Well-formed pairs become tiers for the rules of `POST /api/parts`;
 * others are malformed.
 */
function readPriceBreaks(cell: string) {
  const tiers: (TierText & { min_quantity: string; price_per_piece: string })[] = [];
  const malformed: TierText[] = [];
  const pairs = cell
    .split(';')
    .map((text) => text.trim())
    .filter(Boolean);
  pairs.forEach((text, i) => {
    const match = /^(\d+)\s*:\s*(\d+)$/.exec(text);
    if (match?.[1] && match[2])
      tiers.push({ number: i + 1, text, min_quantity: match[1], price_per_piece: match[2] });
    else malformed.push({ number: i + 1, text });
  });
  return { tiers, malformed };
}

/** Categories by their lower-cased name: an id, or null when several share the name. */
export type CategoryNames = ReadonlyMap<string, string | null>;

/** `a=b; c=d` (or with `|`) as pairs; undefined when a pair has no separator. */
function pairsOf(cell: string, separator: string): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  for (const text of cell
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const at = text.indexOf(separator);
    if (at < 1) return undefined;
    pairs.push([text.slice(0, at).trim(), text.slice(at + 1).trim()]);
  }
  return pairs;
}

/** The optional specification columns as body fields (an empty cell: left out), or why not. */
function readSpecification(
  cells: Partial<
    Record<
      'category' | 'mpn' | 'manufacturer' | 'lifecycle' | 'replacement' | 'attributes' | 'documents',
      string
    >
  >,
  categories: CategoryNames,
) {
  const fields: Record<string, unknown> = {};
  const problems: [string, string][] = [];
  const cell = (name: keyof typeof cells) => cells[name]?.trim() || undefined;
  const category = cell('category');
  if (category && Id.safeParse(category).success) fields.categoryId = category;
  else if (category) {
    const id = categories.get(category.toLowerCase());
    if (id) fields.categoryId = id;
    else
      problems.push([
        'category',
        id === null
          ? `several categories are named ${category}: use its id`
          : `no category is named ${category}`,
      ]);
  }
  for (const name of ['mpn', 'manufacturer', 'lifecycle'] as const) if (cell(name)) fields[name] = cell(name);
  if (cell('replacement')) fields.replacementId = cell('replacement');
  const attributes = cell('attributes');
  if (attributes) {
    const pairs = pairsOf(attributes, '=');
    if (pairs) fields.attributes = Object.fromEntries(pairs);
    else
      problems.push(['attributes', 'must be key=value pairs separated by ; (resistance=10k;package=0603)']);
  }
  const documents = cell('documents');
  if (documents) {
    const pairs = pairsOf(documents, '|');
    if (pairs) fields.documents = pairs.map(([title, url]) => ({ title, url }));
    else problems.push(['documents', 'must be title|url pairs separated by ; (Datasheet|https://…/ds.pdf)']);
  }
  return { fields, problems };
}
