import type { PartSort } from '@shop/contract/storefront';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Database } from '../../db/database.js';
import { nameSortKey, searchForm } from '../../db/text-search.js';

/**
 * The listed parts in catalog order (oldest first, then id): their ids, and their search forms
 * joined into one text, each followed by a NUL, part i's beginning at `starts[i]`. One search
 * of the text finds the matches of every name at once, far faster than a test of each name.
 */
interface CatalogIndex {
  ids: string[];
  text: string;
  starts: Uint32Array;
  /** The parts' numbers in each other order, made on the first page asked for in it. */
  orders: Partial<Record<Exclude<PartSort, 'catalog'>, Uint32Array>>;
}

const SEPARATOR = '\0';

/**
 * Each database handle's index, read on the first page asked for and read again when the
 * catalog's version moves (as the change feed tells it: a part added, deleted, restored, renamed
 * or re-dated, by any server or script). Pages between those changes, across any number of
 * changes of stock or price, use it as it is. Pages asked for while it is read share the
 * reading. About 10 MB at 100,000 parts.
 */
const indexes = new WeakMap<Database, { version: number; index: Promise<CatalogIndex> }>();

async function currentIndex(db: Database, changes: ChangeFeed): Promise<CatalogIndex> {
  const version = await changes.catalogVersion();
  const held = indexes.get(db);
  // A page that read an older version than the one held may use the newer index.
  if (held && held.version >= version) return held.index;
  // The version was read before the parts, so the parts are at least as new as the version
  // they are kept under: a change committed in between makes the next page read them again.
  const index = db
    .selectFrom('parts')
    .select(['id', 'name_search'])
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
    .then((rows) => {
      const starts = new Uint32Array(rows.length + 1);
      let at = 0;
      rows.forEach((row, i) => {
        starts[i] = at;
        at += row.name_search.length + SEPARATOR.length;
      });
      starts[rows.length] = at;
      const text = rows.map((row) => row.name_search + SEPARATOR).join('');
      return { ids: rows.map((row) => row.id), text, starts, orders: {} };
    });
  indexes.set(db, { version, index });
  index.catch(() => {
    if (indexes.get(db)?.index === index) indexes.delete(db);
  });
  return index;
}

/** The numbers of the parts whose search form holds `form`, in catalog order, passed to `take` one by one. */
function eachMatch(index: CatalogIndex, form: string, take: (part: number) => void): void {
  const { text, starts, ids } = index;
  if (form.includes(SEPARATOR)) {
    // Only a name written straight into the database may hold a NUL: test each name alone.
    for (let part = 0; part < ids.length; part++) {
      if (text.slice(starts[part], (starts[part + 1] as number) - 1).includes(form)) take(part);
    }
    return;
  }
  let part = 0;
  let from = 0;
  for (;;) {
    const found = text.indexOf(form, from);
    if (found < 0) return;
    while ((starts[part + 1] as number) <= found) part++;
    take(part);
    part++;
    from = starts[part] as number;
  }
}

/**
 * The parts' numbers in `sort`'s order, made once per index (so once per catalog version): names
 * by `nameSortKey`, parts of one name in catalog order (Z–A too); newest is catalog order turned
 * round. About 100 ms at 100,000 parts, for the first page of a sort after a change of names.
 */
function orderOf(index: CatalogIndex, sort: Exclude<PartSort, 'catalog'>): Uint32Array {
  const held = index.orders[sort];
  if (held) return held;
  const count = index.ids.length;
  const order = new Uint32Array(count);
  if (sort === 'newest') {
    for (let part = 0; part < count; part++) order[part] = count - 1 - part;
  } else {
    const { text, starts } = index;
    const keys = Array.from({ length: count }, (_, part) =>
      nameSortKey(text.slice(starts[part], (starts[part + 1] as number) - SEPARATOR.length)),
    );
    const direction = sort === 'name' ? 1 : -1;
    const numbers = Array.from({ length: count }, (_, part) => part).sort((a, b) => {
      const keyA = keys[a] as string;
      const keyB = keys[b] as string;
      return keyA === keyB ? a - b : (keyA < keyB ? -1 : 1) * direction;
    });
    order.set(numbers);
  }
  index.orders[sort] = order;
  return order;
}

/**
 * The ids of a page of the catalog, in catalog order (or `sort`'s), and how many parts it lists in all; with
 * `q`, of the parts whose name holds `q` (literally, case-insensitively, as `searchForm` folds
 * it). A page without `q` is a slice of the ids, at any offset. A search is one pass over the
 * names' text: at 100,000 parts 0.5 to 4 ms whatever `q` is, where a database must count every
 * match of a common word, or scan every name for one or two characters (no trigram index
 * serves those).
 */
export async function catalogPage(
  db: Database,
  changes: ChangeFeed,
  q: string | undefined,
  limit: number,
  offset: number,
  sort: PartSort = 'catalog',
): Promise<{ ids: string[]; total: number }> {
  const index = await currentIndex(db, changes);
  if (sort === 'catalog') {
    if (!q) return { ids: index.ids.slice(offset, offset + limit), total: index.ids.length };
    const page: string[] = [];
    let total = 0;
    eachMatch(index, searchForm(q), (part) => {
      if (total >= offset && page.length < limit) page.push(index.ids[part] as string);
      total++;
    });
    return { ids: page, total };
  }
  const order = orderOf(index, sort);
  const idOf = (part: number) => index.ids[part] as string;
  if (!q) return { ids: Array.from(order.subarray(offset, offset + limit), idOf), total: order.length };
  // The matches marked in one pass over the names, then read in the sort's order.
  const matched = new Uint8Array(order.length);
  let total = 0;
  eachMatch(index, searchForm(q), (part) => {
    matched[part] = 1;
    total++;
  });
  const page: string[] = [];
  let seen = 0;
  for (let at = 0; at < order.length && page.length < limit && seen < total; at++) {
    const part = order[at] as number;
    if (!matched[part]) continue;
    if (seen >= offset) page.push(idOf(part));
    seen++;
  }
  return { ids: page, total };
}
