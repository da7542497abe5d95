import type { QuoteStatus } from '@shop/contract/quotes';
import type { Database } from '../../db/database.js';
import { pageWithTotal } from '../../db/paging.js';
import { lockRows } from '../../db/row-locks.js';
import type { QuoteLineRow, QuoteMessagesTable, QuotesTable } from '../../db/schema.js';

export type QuoteRow = QuotesTable;
export type { QuoteLineRow };
export type QuoteMessageRow = QuoteMessagesTable;

export interface QuoteFilter {
  /** Exactly this buyer's quotes (unset: everyone's, for admins). */
  userId?: string | undefined;
  /** As the quotes show it at `now`: an offer past its validity is expired, marked so or not yet. */
  status?: QuoteStatus | undefined;
  now: string;
}

/** A page of quotes, newest first, and how many match in all. */
export function listQuotes(
  db: Database,
  filter: QuoteFilter & { limit: number; offset: number },
): Promise<{ rows: QuoteRow[]; total: number }> {
  let query = db.selectFrom('quotes').selectAll();
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  const { status, now } = filter;
  if (status === 'offered') query = query.where('status', '=', 'offered').where('valid_until', '>', now);
  else if (status === 'expired')
    query = query.where((eb) =>
      eb.or([
        eb('status', '=', 'expired'),
        eb.and([eb('status', '=', 'offered'), eb('valid_until', '<=', now)]),
      ]),
    );
  else if (status) query = query.where('status', '=', status);
  return pageWithTotal(query.orderBy('created_at', 'desc').orderBy('id', 'desc'), filter);
}

export function findQuote(db: Database, id: string): Promise<QuoteRow | undefined> {
  return db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The lines of these quotes, each quote's in their order. */
export function linesOf(db: Database, quoteIds: readonly string[]): Promise<QuoteLineRow[]> {
  if (quoteIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('quote_lines')
    .selectAll()
    .where('quote_id', 'in', quoteIds)
    .orderBy('quote_id')
    .orderBy('line_no')
    .execute();
}

/**
 * The newest `perQuote` messages of each of these quotes, each quote's oldest first, and how many
 * messages each quote has in all (a quote without any is not in the map). One statement: the
 * answer stays as small as the quotes asked for, however long their threads.
 */
export async function latestMessagesOf(
  db: Database,
  quoteIds: readonly string[],
  perQuote: number,
): Promise<{ messages: QuoteMessageRow[]; counts: Map<string, number> }> {
  if (quoteIds.length === 0) return { messages: [], counts: new Map() };
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('quote_messages')
        .selectAll()
        .select((inner) => [
          inner.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('quote_id').orderBy('created_at', 'desc').orderBy('id', 'desc'))
            .as('newness'),
          inner.fn
            .countAll<number>()
            .over((ob) => ob.partitionBy('quote_id'))
            .as('total'),
        ])
        .where('quote_id', 'in', quoteIds)
        .as('thread'),
    )
    .selectAll()
    .where('newness', '<=', perQuote)
    .orderBy('quote_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const counts = new Map<string, number>();
  const messages = rows.map(({ newness: _newness, total, ...message }) => {
    counts.set(message.quote_id, Number(total));
    return message;
  });
  return { messages, counts };
}

/**
 * A page of the quote's thread counted from its newest message (`offset` 0: the newest `limit`),
 * oldest first, and how many messages the thread has in all.
 */
export async function threadPage(
  db: Database,
  quoteId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: QuoteMessageRow[]; total: number }> {
  const { rows, total } = await pageWithTotal(
    db
      .selectFrom('quote_messages')
      .selectAll()
      .where('quote_id', '=', quoteId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
    page,
  );
  return { rows: rows.reverse(), total };
}

/** The quote's first message (the one it was asked with), if it has any. */
export function firstMessageOf(db: Database, quoteId: string): Promise<QuoteMessageRow | undefined> {
  return db
    .selectFrom('quote_messages')
    .selectAll()
    .where('quote_id', '=', quoteId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The names of these parts that are in the catalog (not deleted), by id. */
export async function partNames(db: Database, partIds: readonly string[]): Promise<Map<string, string>> {
  if (partIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('parts')
    .select(['id', 'name'])
    .where('id', 'in', partIds)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function insertQuote(
  db: Database,
  quote: QuoteRow,
  lines: QuoteLineRow[],
  message: QuoteMessageRow,
): Promise<void> {
  await db.insertInto('quotes').values(quote).execute();
  await db.insertInto('quote_lines').values(lines).execute();
  await db.insertInto('quote_messages').values(message).execute();
}

export async function insertMessage(db: Database, message: QuoteMessageRow): Promise<void> {
  await db.insertInto('quote_messages').values(message).execute();
}

/**
 * Locks the quote's row until the transaction ends (PostgreSQL; SQLite has one writer at a time
 * already): messages posted to one quote at once are then counted one at a time, so its thread
 * never passes its cap.
 */
export function lockQuote(db: Database, id: string): Promise<void> {
  return lockRows(db, db.selectFrom('quotes').select('id').where('id', '=', id));
}

/** How many messages the quote's thread holds. */
export async function countMessages(db: Database, quoteId: string): Promise<number> {
  const row = await db
    .selectFrom('quote_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('quote_id', '=', quoteId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Makes the quote `offered` with a new offer number and validity, only while it is requested, or
 * offered with an offer still valid at `updated_at` (the row stays locked until the transaction
 * ends); answers the quote as it is now, or nothing when it was accepted, declined or expired
 * meanwhile (or is gone).
 */
export function markOffered(
  db: Database,
  id: string,
  offer: { valid_until: string; updated_at: string },
): Promise<QuoteRow | undefined> {
  return db
    .updateTable('quotes')
    .set((eb) => ({ status: 'offered', offer_no: eb('offer_no', '+', 1), ...offer }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'requested'),
        eb.and([eb('status', '=', 'offered'), eb('valid_until', '>', offer.updated_at)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Sets the offer's unit price of the quote's line of each part. */
export async function setUnitPrices(
  db: Database,
  id: string,
  prices: readonly { partId: string; unitPrice: number }[],
): Promise<void> {
  for (const price of prices) {
    await db
      .updateTable('quote_lines')
      .set({ unit_price: price.unitPrice })
      .where('quote_id', '=', id)
      .where('part_id', '=', price.partId)
      .execute();
  }
}

/**
 * Accepts the quote: only the offer `offerNo` of an offered quote valid after `now` becomes
 * accepted, with its order. Of accepts at once, and of an accept racing a new offer, exactly one
 * changes the row; true when this one did.
 */
export async function markAccepted(
  db: Database,
  id: string,
  change: { offerNo: number; now: string; orderId: string },
): Promise<boolean> {
  const result = await db
    .updateTable('quotes')
    .set({ status: 'accepted', order_id: change.orderId, updated_at: change.now })
    .where('id', '=', id)
    .where('status', '=', 'offered')
    .where('offer_no', '=', change.offerNo)
    .where('valid_until', '>', change.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Declines the quote while it is requested or offered; false when it was not. */
export async function markDeclined(db: Database, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('quotes')
    .set({ status: 'declined', updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['requested', 'offered'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the quote expired while it is offered and its offer ran out by `now`; true when this call did. */
export async function markExpired(db: Database, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('quotes')
    .set({ status: 'expired', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'offered')
    .where('valid_until', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Offered quotes whose offer ran out by `now`, oldest first, at most 500. */
export function quotesDueToExpire(db: Database, now: string) {
  return db
    .selectFrom('quotes')
    .select(['id', 'valid_until'])
    .where('status', '=', 'offered')
    .where('valid_until', '<=', now)
    .orderBy('valid_until')
    .limit(500)
    .execute();
}
