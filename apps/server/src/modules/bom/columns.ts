import { type BomMapping, readQuantity } from '@shop/contract/bom';
import { AppError } from '../../http/app-error.js';
import type { TableRow } from './table.js';

type Role = keyof BomMapping;

/**
 * Headings as BOM tools write them, compared lower case without spaces and punctuation, best first
 * within each role: a manufacturer's number before a generic part number (which is often the
 * buyer's own), then the buyer's number.
 */
const HEADINGS: Record<Role, string[]> = {
  partNumber: [
    'mpn',
    'manufacturerpartnumber',
    'manufacturerpartno',
    'manufacturerpn',
    'mfrpartnumber',
    'mfrpartno',
    'mfrpart',
    'mfrpn',
    'mfgpartnumber',
    'mfgpartno',
    'mfgpart',
    'mfgpn',
    'partnumber',
    'partno',
    'partnum',
    'pn',
    'partid',
    'part',
    'ordercode',
    'ordernumber',
    'sku',
    'itemnumber',
    'customerpartnumber',
    'cpn',
    'internalpartnumber',
    'artikelnummer',
  ],
  quantity: [
    'qty',
    'quantity',
    'qtyperboard',
    'quantityperboard',
    'qtyperunit',
    'qtyper',
    'qtypcb',
    'count',
    'amount',
    'menge',
    'anzahl',
    'pcs',
  ],
  reference: [
    'designator',
    'designators',
    'refdes',
    'reference',
    'references',
    'referencedesignator',
    'referencedesignators',
    'ref',
    'refs',
    'partreference',
    'position',
    'costcode',
  ],
  description: ['description', 'desc', 'partdescription', 'itemdescription', 'comment', 'value', 'name'],
};

/** A heading compared: lower case, accents dropped (Référence, Qté), without spaces and punctuation. */
const headingKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** The role a heading names, and its rank within the role (lower first); undefined for none. */
function roleOf(heading: string): { role: Role; rank: number } | undefined {
  const key = headingKey(heading);
  if (!key) return undefined;
  for (const role of Object.keys(HEADINGS) as Role[]) {
    const rank = HEADINGS[role].indexOf(key);
    if (rank >= 0) return { role, rank };
  }
  // "Qty per board", "Quantity (each)"
  if (key.startsWith('qty') || key.startsWith('quantity')) return { role: 'quantity', rank: 99 };
  return undefined;
}

/** A spreadsheet's name of a column: A, B, …, Z, AA, AB, … */
export function columnLetter(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** How the rows are read: the columns' names, whether the first row names them, and which column holds what. */
export interface Layout {
  columns: string[];
  header: boolean;
  mapping: BomMapping;
  /** The column (from 0) of each mapped role. */
  at: { partNumber: number; quantity: number; reference?: number; description?: number };
}

const widthOf = (rows: readonly TableRow[]) => Math.max(0, ...rows.map((row) => row.cells.length));
const lettersFor = (width: number) => Array.from({ length: width }, (_, i) => columnLetter(i));

function cannotChoose(message: string, columns: string[]) {
  return new AppError('validation', message, undefined, { columns });
}

/** The column a mapping names: its name as written, else compared without case. */
function findColumn(columns: readonly string[], name: string): number {
  const exact = columns.indexOf(name);
  if (exact >= 0) return exact;
  const lower = name.toLowerCase();
  return columns.findIndex((column) => column.toLowerCase() === lower);
}

/** The header's names: each cell as written (trimmed), an empty one by its letter. */
const headerNames = (first: TableRow, width: number) =>
  Array.from({ length: width }, (_, i) => first.cells[i]?.trim() || columnLetter(i));

/**
 * How to read the rows. With a mapping, the first row is the header when it names the mapping's
 * part number column; otherwise the columns are A, B, C… as a spreadsheet names them, and the
 * mapping names those. Without one, the first row is the header when a cell of it reads as a known
 * heading (Part Number, MPN, Qty, Designator, …), and each role takes the best heading for it;
 * a first row that names none is data, and then the quantity is the first column whose cells
 * all read as numbers (in the first 50 rows) and the part number the first other column.
 * A mapping naming a column that is not there, or columns that cannot be chosen → 400 naming
 * them, with the columns found.
 */
export function layoutOf(rows: readonly TableRow[], mapping: BomMapping | undefined): Layout {
  const width = widthOf(rows);
  const [first] = rows;
  if (!first) throw new AppError('validation', 'The bill of materials has no rows');
  if (mapping) {
    const named = headerNames(first, width);
    const header = findColumn(named, mapping.partNumber) >= 0;
    const columns = header ? named : lettersFor(width);
    const at: Partial<Layout['at']> = {};
    for (const role of Object.keys(HEADINGS) as Role[]) {
      const name = mapping[role];
      if (name === undefined) continue;
      const index = findColumn(columns, name);
      if (index < 0)
        throw cannotChoose(
          `mapping.${role} names the column "${name}", which the file does not have (its columns: ${columns.join(', ')})`,
          columns,
        );
      at[role] = index;
    }
    return { columns, header, mapping: mappingOf(columns, at as Layout['at']), at: at as Layout['at'] };
  }
  const named = headerNames(first, width);
  const best = new Map<Role, { index: number; rank: number }>();
  named.forEach((name, index) => {
    const found = roleOf(name);
    if (!found) return;
    const now = best.get(found.role);
    if (!now || found.rank < now.rank) best.set(found.role, { index, rank: found.rank });
  });
  if (best.size > 0) {
    const partNumber = best.get('partNumber')?.index;
    const quantity = best.get('quantity')?.index;
    if (partNumber === undefined)
      throw cannotChoose(
        `No column's heading reads as a part number (Part Number, MPN, Mfr Part, …): name it in mapping.partNumber (columns: ${named.join(', ')})`,
        named,
      );
    if (quantity === undefined)
      throw cannotChoose(
        `No column's heading reads as a quantity (Qty, Quantity, …): name it in mapping.quantity (columns: ${named.join(', ')})`,
        named,
      );
    const at: Layout['at'] = { partNumber, quantity };
    const reference = best.get('reference')?.index;
    const description = best.get('description')?.index;
    if (reference !== undefined) at.reference = reference;
    if (description !== undefined) at.description = description;
    return { columns: named, header: true, mapping: mappingOf(named, at), at };
  }
  // No header: the columns by their letters, chosen by what they hold.
  const columns = lettersFor(width);
  const sample = rows.slice(0, 50);
  const numeric = (index: number) => {
    const cells = sample.map((row) => row.cells[index]?.trim() ?? '').filter(Boolean);
    return cells.length > 0 && cells.every((cell) => readQuantity(cell) !== undefined);
  };
  const quantity = columns.findIndex((_, index) => numeric(index));
  const partNumber = columns.findIndex((_, index) => index !== quantity);
  if (quantity < 0 || partNumber < 0)
    throw cannotChoose(
      `The first row names no columns (Part Number, Qty, …) and no column holds only quantities: add a header row or name the columns in mapping (columns: ${columns.join(', ')})`,
      columns,
    );
  const at = { partNumber, quantity };
  return { columns, header: false, mapping: mappingOf(columns, at), at };
}

function mappingOf(columns: readonly string[], at: Layout['at']): BomMapping {
  const name = (index: number) => columns[index] as string;
  return {
    partNumber: name(at.partNumber),
    quantity: name(at.quantity),
    ...(at.reference === undefined ? {} : { reference: name(at.reference) }),
    ...(at.description === undefined ? {} : { description: name(at.description) }),
  };
}
