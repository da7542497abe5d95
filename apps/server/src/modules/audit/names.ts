import type { AuditSubject } from '@shop/contract/audit';
import { formatOrderNumber } from '@shop/contract/orders';
import { inChunks } from '../../db/chunks.js';
import type { Database } from '../../db/database.js';

/*
 * What the ids an audit log page mentions are called now: read when the page is read, so that an
 * entry names a part or a company as it is called today (and entries, never changed, need no
 * copy of every name). A page names at most a few hundred things; the ids go in bounded chunks.
 */

/** The ids wanted, of each kind. */
export type WantedNames = Record<AuditSubject, Set<string>>;

export const noNamesWanted = (): WantedNames => ({
  part: new Set(),
  order: new Set(),
  user: new Set(),
  quote: new Set(),
  company: new Set(),
  category: new Set(),
  tool: new Set(),
});

/** A name as an entry shows it; `short` is a person's name alone (the actor). */
export interface Named {
  name: string;
  short?: string;
}

/** Names by kind, then by id: only those still there. */
export type Names = Record<AuditSubject, Map<string, Named>>;

/** At most this many ids go into one query. */
const CHUNK = 500;

const byId = <Row extends { id: string }>(rows: Row[], name: (row: Row) => Named) =>
  new Map(rows.map((row) => [row.id, name(row)]));

/** The names of the wanted ids: an order's number, a part's and a company's name, a person's name and email. */
export async function namesOf(db: Database, wanted: WantedNames): Promise<Names> {
  const [parts, orders, users, quotes, companies, categories, tools] = await Promise.all([
    inChunks(wanted.part, CHUNK, (ids) =>
      db.selectFrom('parts').select(['id', 'name']).where('id', 'in', ids).execute(),
    ),
    inChunks(wanted.order, CHUNK, (ids) =>
      db.selectFrom('orders').select(['id', 'number']).where('id', 'in', ids).execute(),
    ),
    inChunks(wanted.user, CHUNK, (ids) =>
      db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute(),
    ),
    inChunks(wanted.quote, CHUNK, (ids) =>
      db.selectFrom('quotes').select(['id', 'user_name', 'email']).where('id', 'in', ids).execute(),
    ),
    inChunks(wanted.company, CHUNK, (ids) =>
      db.selectFrom('companies').select(['id', 'name']).where('id', 'in', ids).execute(),
    ),
    inChunks(wanted.category, CHUNK, (ids) =>
      db.selectFrom('categories').select(['id', 'name']).where('id', 'in', ids).execute(),
    ),
    inChunks(wanted.tool, CHUNK, (ids) =>
      db.selectFrom('tools').select(['id', 'name', 'model']).where('id', 'in', ids).execute(),
    ),
  ]);
  return {
    part: byId(parts, (row) => ({ name: row.name })),
    order: byId(orders, (row) => ({ name: formatOrderNumber(Number(row.number)) })),
    user: byId(users, (row) => ({ name: `${row.name} (${row.email})`, short: row.name })),
    quote: byId(quotes, (row) => ({ name: `Quote of ${row.user_name} (${row.email})` })),
    company: byId(companies, (row) => ({ name: row.name })),
    category: byId(categories, (row) => ({ name: row.name })),
    tool: byId(tools, (row) => ({ name: `${row.name} (${row.model})` })),
  };
}
