// A large catalog written straight into the shop's database (as an import from another system
// would), with names varied enough that a search finds one part, a few, many or none.
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';

export const brands = [
  'Voltek',
  'Ferrox',
  'Kessler',
  'Arcwright',
  'Nordmann',
  'Tanaka',
  'Brightline',
  'Ohmcraft',
  'Sparrow',
  'Helix',
  'Quartzline',
  'Deltron',
];
const kinds = [
  'Soldering Iron Tip',
  'Torque Screwdriver',
  'Wire Stripper',
  'Crimping Tool',
  'Hex Key Set',
  'Multimeter Probe',
  'Desoldering Pump',
  'Heat Shrink Tube',
  'Precision Tweezers',
  'Flush Cutter',
  'Needle-Nose Pliers',
  'Oscilloscope Probe',
  'Bench Power Supply',
  'Hot Air Nozzle',
  'Anti-Static Mat',
  'Magnifier Lamp',
  'Cable Tie Gun',
  'Terminal Block',
  'Insulation Tester',
  'Thermal Pad',
];
const variants = [
  '0.8 mm',
  '1.2 mm',
  '2.5 mm',
  '3/16"',
  'M3',
  'M4',
  '60 W',
  '100 MHz x1/x10',
  'Ø 3 mm',
  'Größe L',
  '±0.5 °C',
  '0.5–6 mm²',
  'Sn99.3_Cu0.7',
  '5% silver',
  'ESD-safe',
];

/** The part code in each name: brand initials and the part's number, six digits. */
const code = (i) => `${brands[i % brands.length]?.slice(0, 2).toUpperCase()}-${String(i).padStart(6, '0')}`;

/** A small deterministic generator, so that every run builds the same catalog. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (next, list) => list[Math.floor(next() * list.length)];

/** A UUIDv7 of this millisecond (as the shop makes them): ids sort in the order parts were added. */
function uuidV7(ms) {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const COLUMNS = [
  'id',
  'name',
  'name_search',
  'desc',
  'img',
  'price_per_piece',
  'available_quantity',
  'min_order_quantity',
  'created_at',
  'deleted_at',
];
const START = Date.parse('2024-01-01T00:00:00.000Z');

/**
 * Parts number `from` to `to - 1`, one a second from the start of 2024, one in a hundred of them
 * deleted. The name's search form is the shop's own (`searchForm`: the name lower-cased).
 */
export function catalogRows(from, to) {
  const next = random(from + 1);
  const rows = [];
  for (let i = from; i < to; i++) {
    const ms = START + i * 1000;
    const name = `${pick(next, brands)} ${pick(next, kinds)} ${pick(next, variants)} ${code(i)}`;
    rows.push({
      id: uuidV7(ms),
      name,
      name_search: name.toLowerCase(),
      desc: `Bulk ${name}, sold by the box to workshops and assembly lines.`,
      img: 'https://example.com/part.webp',
      price_per_piece: 1 + (i % 250),
      available_quantity: 1_000_000,
      min_order_quantity: 1 + (i % 20),
      created_at: new Date(ms).toISOString(),
      deleted_at: i % 100 === 99 ? new Date(ms + 3_600_000).toISOString() : null,
    });
  }
  return rows;
}

/** Grows the catalog of `database` from `from` parts to `to`, one transaction per batch of 5,000. */
export async function fillCatalog(database, from, to) {
  const batch = 5000;
  if (database.kind === 'sqlite') {
    const db = new SQLite(database.url.slice('sqlite:'.length));
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(
      `insert into parts (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    const insertAll = db.transaction((rows) => {
      for (const row of rows) insert.run(row);
    });
    for (let start = from; start < to; start += batch)
      insertAll(catalogRows(start, Math.min(to, start + batch)));
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const types = ['uuid', 'text', 'text', 'text', 'text', 'int8', 'int8', 'int8', 'text', 'text'];
  const insert = `insert into parts (${COLUMNS.map((c) => `"${c}"`).join(', ')})
    select * from unnest(${COLUMNS.map((_, i) => `$${i + 1}::${types[i] === 'uuid' ? 'text' : types[i]}[]`).join(', ')})`;
  for (let start = from; start < to; start += batch) {
    const rows = catalogRows(start, Math.min(to, start + batch));
    await client.query('begin');
    await client.query(
      insert,
      COLUMNS.map((c) => rows.map((row) => row[c])),
    );
    await client.query('commit');
  }
  // What autovacuum does shortly after a bulk load: the planner's statistics, the visibility map,
  // and (where the catalog is cut into blocks) the block counts' old row versions.
  await client.query('vacuum analyze parts');
  const { rows } = await client.query(`select to_regclass('catalog_blocks') is not null as blocks`);
  if (rows[0]?.blocks) await client.query('vacuum analyze catalog_blocks');
  await client.end();
}

/** How many parts of the first `size` are in the catalog (not deleted). */
export const listed = (size) => size - Math.floor((size + 1) / 100);

/** Searches that find one part or ten (a part's number, or all but its last digit). */
export function fewQueries(size) {
  const queries = [];
  for (let i = 0; i < size; i++) queries.push(String(i).padStart(6, '0'));
  for (let i = 0; i < size / 10; i++) queries.push(String(i).padStart(5, '0'));
  return shuffle(queries);
}

/** Searches that find thousands at 100,000 parts: parts of the brands' and kinds' words. */
export function manyQueries() {
  const queries = new Set();
  for (const word of [...brands, ...kinds].flatMap((w) => w.toLowerCase().split(' '))) {
    for (let length = 4; length <= word.length; length++) {
      for (let at = 0; at + length <= word.length; at++) queries.add(word.slice(at, at + length));
    }
  }
  return shuffle([...queries]);
}

/** Searches of one or two letters (most names contain them). */
export function shortQueries() {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const queries = [...letters];
  for (const a of letters) for (const b of letters) queries.push(a + b);
  return shuffle(queries);
}

/** Searches that find nothing, as many as asked. */
export function noneQueries(count) {
  return Array.from({ length: count }, (_, i) => `qz${i}xj`);
}

function shuffle(list) {
  const next = random(42);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}
