// A generated catalog of components for the scale benchmark (bench/search.mjs): 200 categories
// (a two-level tree: 20 families of 10) with 5–10 attributes each (numbers with a unit, texts,
// booleans), and any number of parts with realistic names, part numbers, manufacturers, prices,
// stock, lifecycles, attributes and the part_values rows the search filters and counts by.
// Written straight into a migrated, empty shop database with batched multi-row inserts, one
// transaction per batch; deterministic (a seeded generator), so that runs compare.
import SQLite from 'better-sqlite3';
import pg from 'pg';
// The shop's own forms of a name and a part number (Node 24 reads the TypeScript as it is).
import { nameSortKey, partNumberKey, searchForm } from '../../apps/server/src/db/text-search.ts';
import { brands } from './catalog.mjs';

/** A small deterministic generator (mulberry32), so that every run builds the same catalog. */
export function random(seed) {
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

/** A UUID (version 7 layout) from a seeded generator: ids sort by `ms`, as the shop's do. */
function uuid(next, ms) {
  const hex = (n) =>
    Math.floor(next() * 16 ** n)
      .toString(16)
      .padStart(n, '0');
  const time = ms.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(3)}-${(8 + Math.floor(next() * 4)).toString(16)}${hex(3)}-${hex(6)}${hex(6)}`;
}

const E12 = [1, 1.2, 1.5, 1.8, 2.2, 2.7, 3.3, 3.9, 4.7, 5.6, 6.8, 8.2];
/** E12 values from 10^lo to 10^hi (exact decimal numbers: `4.7e-6`, not 4.7 × 10^-6). */
const e12 = (lo, hi) => {
  const values = [];
  for (let d = lo; d <= hi; d++) for (const e of E12) values.push(Number(`${e}e${d}`));
  return values;
};
const PREFIXES = [
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
  [1e-3, 'm'],
  [1e-6, 'µ'],
  [1e-9, 'n'],
  [1e-12, 'p'],
];
/** 4700 Ω → "4.7 kΩ"; 1e-7 F → "100 nF" (as a name shows a value). */
export function withPrefix(value, unit) {
  const [scale, prefix] = PREFIXES.find(([scale]) => Math.abs(value) >= scale * 0.9999) ?? PREFIXES.at(-1);
  return `${Number((value / scale).toPrecision(3))} ${prefix}${unit}`;
}

// The families: a noun (the word a buyer searches), its main value, the part number's letters.
const FAMILIES = [
  { noun: 'Resistor', key: 'resistance', label: 'Resistance', unit: 'Ω', values: e12(0, 6), code: 'RC' },
  {
    noun: 'Capacitor',
    key: 'capacitance',
    label: 'Capacitance',
    unit: 'F',
    values: e12(-12, -4),
    code: 'CC',
  },
  { noun: 'Inductor', key: 'inductance', label: 'Inductance', unit: 'H', values: e12(-9, -2), code: 'LQ' },
  {
    noun: 'Diode',
    key: 'reverse_voltage',
    label: 'Reverse voltage',
    unit: 'V',
    values: e12(0, 3),
    code: 'DS',
  },
  {
    noun: 'Transistor',
    key: 'collector_current',
    label: 'Collector current',
    unit: 'A',
    values: e12(-3, 1),
    code: 'BC',
  },
  {
    noun: 'Relay',
    key: 'coil_voltage',
    label: 'Coil voltage',
    unit: 'V',
    values: [3, 5, 6, 9, 12, 24, 48, 110, 230],
    code: 'RL',
  },
  { noun: 'Fuse', key: 'rated_current', label: 'Rated current', unit: 'A', values: e12(-2, 1), code: 'FU' },
  {
    noun: 'Connector',
    key: 'pitch',
    label: 'Pitch',
    unit: 'm',
    values: [1e-3, 1.25e-3, 1.27e-3, 2e-3, 2.5e-3, 2.54e-3, 3.5e-3, 3.81e-3, 5e-3, 5.08e-3],
    code: 'CN',
  },
  {
    noun: 'Switch',
    key: 'switching_current',
    label: 'Switching current',
    unit: 'A',
    values: e12(-2, 1),
    code: 'SW',
  },
  { noun: 'Crystal', key: 'frequency', label: 'Frequency', unit: 'Hz', values: e12(4, 7), code: 'XT' },
  {
    noun: 'LED',
    key: 'wavelength',
    label: 'Wavelength',
    unit: 'm',
    values: [4.3e-7, 4.7e-7, 5.05e-7, 5.25e-7, 5.7e-7, 5.9e-7, 6.05e-7, 6.25e-7, 6.6e-7, 8.5e-7, 9.4e-7],
    code: 'LD',
  },
  {
    noun: 'Regulator',
    key: 'output_voltage',
    label: 'Output voltage',
    unit: 'V',
    values: [0.8, 1, 1.2, 1.5, 1.8, 2.5, 3.3, 5, 9, 12, 15],
    code: 'LM',
  },
  {
    noun: 'Sensor',
    key: 'range_max',
    label: 'Range',
    unit: '°C',
    values: [50, 85, 105, 125, 150, 200, 300, 500],
    code: 'TS',
  },
  { noun: 'Transformer', key: 'rated_power', label: 'Rated power', unit: 'W', values: e12(0, 3), code: 'TR' },
  {
    noun: 'Thermistor',
    key: 'resistance',
    label: 'Resistance at 25 °C',
    unit: 'Ω',
    values: e12(1, 6),
    code: 'NT',
  },
  {
    noun: 'Varistor',
    key: 'clamping_voltage',
    label: 'Clamping voltage',
    unit: 'V',
    values: e12(1, 3),
    code: 'VR',
  },
  { noun: 'Potentiometer', key: 'resistance', label: 'Resistance', unit: 'Ω', values: e12(2, 6), code: 'PT' },
  { noun: 'Battery', key: 'capacity', label: 'Capacity', unit: 'Ah', values: e12(-1, 1), code: 'BT' },
  {
    noun: 'Buzzer',
    key: 'sound_pressure',
    label: 'Sound pressure',
    unit: 'dB',
    values: [70, 75, 80, 85, 88, 90, 95, 100],
    code: 'BZ',
  },
  {
    noun: 'Heatsink',
    key: 'thermal_resistance',
    label: 'Thermal resistance',
    unit: 'K/W',
    values: e12(-1, 1),
    code: 'HS',
  },
];
const QUALIFIERS = [
  'SMD',
  'Through-hole',
  'Automotive',
  'High-power',
  'Precision',
  'Miniature',
  'Industrial',
  'Low-profile',
  'High-voltage',
];
const PACKAGES = ['0402', '0603', '0805', '1206', '2512', 'SOT-23', 'SOD-123', 'TO-220', 'DIP-8', 'radial'];
const TOLERANCES = ['0.1%', '0.5%', '1%', '2%', '5%', '10%', '20%'];
const TOLERANCE_CODES = { '0.1%': 'B', '0.5%': 'D', '1%': 'F', '2%': 'G', '5%': 'J', '10%': 'K', '20%': 'M' };
const SERIES = [
  'thick film',
  'thin film',
  'metal film',
  'ceramic',
  'polymer',
  'wirewound',
  'ferrite',
  'silicon',
  'standard',
  'compact',
  'rugged',
  'low noise',
];
const MATERIALS = ['ceramic', 'polymer', 'aluminium', 'copper', 'silicon', 'ferrite', 'glass', 'epoxy'];
const MOUNTINGS = ['surface', 'through-hole', 'panel', 'chassis', 'PCB'];

// Every category has the family's main value, package, rated voltage, tolerance and RoHS; then
// 0 to 5 more of these.
const MORE = [
  {
    key: 'power',
    name: 'Power',
    type: 'number',
    unit: 'W',
    values: [0.0625, 0.1, 0.125, 0.25, 0.5, 1, 2, 5],
  },
  {
    key: 'temp_max',
    name: 'Highest temperature',
    type: 'number',
    unit: '°C',
    values: [70, 85, 105, 125, 150, 175],
  },
  { key: 'material', name: 'Material', type: 'text', values: MATERIALS },
  { key: 'mounting', name: 'Mounting', type: 'text', values: MOUNTINGS },
  { key: 'aec_q', name: 'AEC-Q qualified', type: 'boolean' },
];

/**
 * The 200 categories: 20 families (a top category named by the family's noun, "Resistors") of
 * 9 sub-categories each ("SMD resistors"), every one with its own 5–10 attributes.
 */
export function generateCategories() {
  const next = random(200);
  const categories = [];
  FAMILIES.forEach((family, f) => {
    for (let q = -1; q < QUALIFIERS.length; q++) {
      const plural = `${family.noun === 'Switch' ? 'Switche' : family.noun}s`;
      const name = q < 0 ? plural : `${QUALIFIERS[q]} ${plural.toLowerCase()}`;
      const id = uuid(next, Date.UTC(2023, 0, 1) + f * 100 + q + 1);
      const more = MORE.filter(() => next() < 0.5);
      const attributes = [
        { key: family.key, name: family.label, type: 'number', unit: family.unit, values: family.values },
        { key: 'package', name: 'Package', type: 'text', values: PACKAGES },
        {
          key: 'voltage',
          name: 'Rated voltage',
          type: 'number',
          unit: 'V',
          values: [6.3, 10, 16, 25, 35, 50, 63, 100, 250, 400],
        },
        { key: 'tolerance', name: 'Tolerance', type: 'text', values: TOLERANCES },
        { key: 'rohs', name: 'RoHS', type: 'boolean' },
        ...more,
      ];
      categories.push({
        id,
        name,
        parentId: q < 0 ? null : categories[f * (QUALIFIERS.length + 1)].id,
        family,
        qualifier: q < 0 ? '' : QUALIFIERS[q],
        attributes,
        created_at: new Date(Date.UTC(2023, 0, 1, 0, 0, f * 10 + q + 1)).toISOString(),
      });
    }
  });
  return categories;
}

const START = Date.parse('2024-01-01T00:00:00.000Z');

/**
 * Parts number `from` to `to - 1` of the catalog, part i in category i mod 200, added one a second
 * from the start of 2024: their rows and their part_values rows.
 */
export function generateParts(categories, from, to) {
  const next = random(from * 7919 + 17);
  const parts = [];
  const values = [];
  for (let i = from; i < to; i++) {
    const category = categories[i % categories.length];
    const { family } = category;
    const ms = START + i * 1000;
    const attributes = {};
    for (const attribute of category.attributes)
      attributes[attribute.key] = attribute.type === 'boolean' ? next() < 0.7 : pick(next, attribute.values);
    const main = attributes[family.key];
    const pkg = attributes.package;
    const tolerance = attributes.tolerance;
    const series = pick(next, SERIES);
    const manufacturer = pick(next, brands);
    const name = `${family.noun} ${withPrefix(main, family.unit)} ${pkg} ${tolerance} ${series}`;
    const mpn = `${family.code}${pkg.replace(/[^0-9A-Z]/gi, '').toUpperCase()}${TOLERANCE_CODES[tolerance]}R-${i.toString(36).toUpperCase().padStart(4, '0')}${withPrefix(
      main,
      '',
    )
      .replace(/[ .µ]/g, (c) => (c === 'µ' ? 'U' : c === '.' ? 'R' : ''))
      .toUpperCase()}L`;
    const stock = next() < 0.9 ? 1 + Math.floor(next() * 50_000) : 0;
    const lifecycle = next() < 0.9 ? 'active' : next() < 0.7 ? 'nrnd' : 'obsolete';
    const id = uuid(next, ms);
    parts.push({
      id,
      name,
      name_search: searchForm(name),
      name_sort: nameSortKey(name),
      desc: `${category.qualifier ? `${category.qualifier} ` : ''}${family.noun.toLowerCase()}, ${pkg}, ${series}, by ${manufacturer}.`,
      img: '/images/part.webp',
      price_per_piece: 1 + Math.floor(next() * next() * 500),
      available_quantity: stock,
      min_order_quantity: pick(next, [1, 1, 1, 10, 100]),
      created_at: new Date(ms).toISOString(),
      category_id: category.id,
      mpn,
      mpn_key: partNumberKey(mpn),
      manufacturer,
      lifecycle,
      attributes: JSON.stringify(attributes),
    });
    for (const attribute of category.attributes) {
      const value = attributes[attribute.key];
      values.push({
        part_id: id,
        category_id: category.id,
        key: attribute.key,
        num: typeof value === 'number' ? value : null,
        txt: typeof value === 'number' ? null : String(value),
      });
    }
  }
  return { parts, values };
}

const PART_COLUMNS = [
  'id',
  'name',
  'name_search',
  'name_sort',
  'desc',
  'img',
  'price_per_piece',
  'available_quantity',
  'min_order_quantity',
  'created_at',
  'category_id',
  'mpn',
  'mpn_key',
  'manufacturer',
  'lifecycle',
  'attributes',
];
const PART_TYPES = [
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'int8',
  'int8',
  'int8',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
];
const VALUE_COLUMNS = ['part_id', 'category_id', 'key', 'num', 'txt'];
const VALUE_TYPES = ['text', 'text', 'text', 'float8', 'text'];
const categoryRow = (c) => [
  c.id,
  c.name,
  c.parentId,
  JSON.stringify(c.attributes.map(({ values: _, ...attribute }) => attribute)),
  c.created_at,
];
const quoted = (columns) => columns.map((c) => `"${c}"`).join(', ');

/** Parts in a transaction of their own per batch. */
/** Parts a load generates and writes at once; each batch's random numbers start from its own seed. */
export const BATCH = 5000;

/**
 * Parts `from` to `to - 1` as loadCatalog generated them (batch by batch, each from its own seed):
 * what a benchmark asks for, to find what is in the database.
 */
export function loadedParts(categories, from, to) {
  const parts = [];
  for (let start = from - (from % BATCH); start < to; start += BATCH)
    parts.push(...generateParts(categories, start, Math.min(to, start + BATCH)).parts);
  return parts.slice(from % BATCH);
}
/** Rows in one multi-row INSERT on SQLite (its statements take at most 32,766 parameters). */
const ROWS_PER_STATEMENT = 200;

/**
 * Writes the categories and `count` parts into the migrated, empty shop `database`
 * ({kind, url} of lib/shop.mjs). On SQLite the FTS5 index of the words is filled by one
 * 'rebuild' after the load (the per-row trigger is dropped meanwhile and made again as the
 * migration made it) unless `ftsTrigger` is set. Answers the categories and the time in ms.
 */
export async function loadCatalog(database, count, { ftsTrigger = false } = {}) {
  const categories = generateCategories();
  const started = performance.now();
  const phases = {};
  if (database.kind === 'sqlite')
    loadSqlite(database.url.slice('sqlite:'.length), categories, count, ftsTrigger, phases);
  else await loadPostgres(database.url, categories, count, phases);
  return { categories, ms: performance.now() - started, phases };
}

function loadSqlite(file, categories, count, ftsTrigger, phases) {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 10000');
  // A bulk load of bench data: a large page cache; a crash only loses a run.
  db.pragma('cache_size = -1000000');
  db.pragma('synchronous = OFF');
  const statement = (table, columns, rows) =>
    db.prepare(
      `insert into ${table} (${quoted(columns)}) values ${Array.from({ length: rows }, () => `(${columns.map(() => '?').join(', ')})`).join(', ')}`,
    );
  const insertRows = (table, columns, rows) => {
    const full = statement(table, columns, ROWS_PER_STATEMENT);
    for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(at, at + ROWS_PER_STATEMENT);
      const params = chunk.flatMap((row) => columns.map((c) => row[c] ?? null));
      (chunk.length === ROWS_PER_STATEMENT ? full : statement(table, columns, chunk.length)).run(...params);
    }
  };
  const trigger = db
    .prepare("select sql from sqlite_master where type = 'trigger' and name = 'parts_words_insert'")
    .get();
  if (!trigger) throw new Error('parts_words_insert: no such trigger (is the database migrated?)');
  db.transaction(() => {
    const insert = db.prepare(
      'insert into categories (id, name, parent_id, attributes, created_at) values (?, ?, ?, ?, ?)',
    );
    for (const category of categories) insert.run(...categoryRow(category));
  })();
  if (!ftsTrigger) db.exec('drop trigger parts_words_insert');
  // The secondary indexes of the two tables go during the load and are made again after it from
  // their own definitions (one sort each instead of millions of scattered inserts); the rows are
  // right by construction, so their references are not checked row by row either.
  const indexes = db
    .prepare(
      "select name, sql from sqlite_master where type = 'index' and tbl_name in ('parts', 'part_values') and sql is not null",
    )
    .all();
  for (const { name } of indexes) db.exec(`drop index "${name}"`);
  db.pragma('foreign_keys = OFF');
  try {
    for (let from = 0; from < count; from += BATCH) {
      const { parts, values } = timed(phases, 'generate', () =>
        generateParts(categories, from, Math.min(count, from + BATCH)),
      );
      db.transaction(() => {
        timed(phases, 'parts', () => insertRows('parts', PART_COLUMNS, parts));
        timed(phases, 'part_values', () => insertRows('part_values', VALUE_COLUMNS, values));
      })();
    }
    if (!ftsTrigger) {
      // FTS5's own command: reads every row of the content table (parts) into the index at once.
      timed(phases, 'words', () => db.exec("insert into parts_words(parts_words) values ('rebuild')"));
    }
  } finally {
    if (!ftsTrigger) db.exec(trigger.sql);
    timed(phases, 'indexes', () => {
      for (const { sql } of indexes) db.exec(sql);
    });
  }
  // What the shop's own connections would learn over time: the planner's statistics.
  timed(phases, 'analyze', () => db.exec('analyze'));
  db.close();
}

/** Awaits `work`, adding its time in ms to `phases[name]`. */
async function timedAsync(phases, name, work) {
  const start = performance.now();
  try {
    return await work();
  } finally {
    phases[name] = (phases[name] ?? 0) + performance.now() - start;
  }
}

/** Runs `work`, adding its time in ms to `phases[name]`. */
function timed(phases, name, work) {
  const start = performance.now();
  try {
    return work();
  } finally {
    phases[name] = (phases[name] ?? 0) + performance.now() - start;
  }
}

async function loadPostgres(url, categories, count, phases) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const unnest = (table, columns, types) =>
      `insert into ${table} (${quoted(columns)}) select * from unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;
    const insertParts = unnest('parts', PART_COLUMNS, PART_TYPES);
    const insertValues = unnest('part_values', VALUE_COLUMNS, VALUE_TYPES);
    await client.query('begin');
    for (const category of categories)
      await client.query(
        'insert into categories (id, name, parent_id, attributes, created_at) values ($1, $2, $3, $4, $5)',
        categoryRow(category),
      );
    await client.query('commit');
    // As PostgreSQL's "Populating a Database" advises: the secondary indexes of the two tables
    // (the words' GIN index among them) go during the load and are made again after it from
    // their own definitions, with room to sort in.
    const { rows: indexes } = await client.query(
      `select i.indexname as name, i.indexdef as sql from pg_indexes i
       where i.schemaname = current_schema() and i.tablename in ('parts', 'part_values')
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = (select oid from pg_namespace where nspname = current_schema()))`,
    );
    for (const { name } of indexes) await client.query(`drop index "${name}"`);
    // Their foreign keys likewise: checked once for every row when made again, not row by row.
    const { rows: references } = await client.query(
      `select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition
       from pg_constraint where contype = 'f' and conrelid in ('parts'::regclass, 'part_values'::regclass)`,
    );
    for (const { table, name } of references)
      await client.query(`alter table ${table} drop constraint "${name}"`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    try {
      for (let from = 0; from < count; from += BATCH) {
        const { parts, values } = timed(phases, 'generate', () =>
          generateParts(categories, from, Math.min(count, from + BATCH)),
        );
        await client.query('begin');
        await timedAsync(phases, 'parts', () =>
          client.query(
            insertParts,
            PART_COLUMNS.map((c) => parts.map((row) => row[c] ?? null)),
          ),
        );
        await timedAsync(phases, 'part_values', () =>
          client.query(
            insertValues,
            VALUE_COLUMNS.map((c) => values.map((row) => row[c])),
          ),
        );
        await client.query('commit');
      }
    } finally {
      await timedAsync(phases, 'indexes', async () => {
        for (const { sql } of indexes) await client.query(sql);
      });
      await timedAsync(phases, 'references', async () => {
        for (const { table, name, definition } of references)
          await client.query(`alter table ${table} add constraint "${name}" ${definition}`);
      });
    }
    // What autovacuum does shortly after a bulk load (this machine's runs with it off): the
    // planner's statistics and the visibility map (index-only scans).
    await timedAsync(phases, 'analyze', async () => {
      await client.query('vacuum analyze parts');
      await client.query('vacuum analyze part_values');
      await client.query('vacuum analyze categories');
    });
  } finally {
    await client.end();
  }
}
