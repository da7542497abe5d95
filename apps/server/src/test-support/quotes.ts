import type { Database } from '../db/database.js';
import type { Caller } from './fixture.js';

/** An instant `hours` from now (before now, for a negative number). */
export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A quote the caller asks for these lines; answers its id (anything but 201 fails the test). */
export async function askedQuote(
  caller: Caller,
  lines: { partsId: string; quantity: number }[],
  message = 'A price for these, please',
): Promise<string> {
  const res = await caller.post('/api/quotes', { lines, message });
  if (res.statusCode !== 201) throw new Error(`quote request failed: ${res.statusCode} ${res.body}`);
  return res.json().insertedId;
}

/** The caller's (the shop's admin, to be allowed) offer on the quote: a unit price a part. */
export function offerQuote(
  caller: Caller,
  id: string,
  lines: { partsId: string; unitPrice: number }[],
  validUntil = inHours(24),
) {
  return caller.put(`/api/quotes/${id}`, { lines, validUntil });
}

/** Asked by the buyer, offered by the admin at `unitPrice` a piece; answers the quote's id. */
export async function offeredQuote(
  who: { buyer: Caller; admin: Caller },
  line: { partsId: string; quantity: number; unitPrice: number },
  options: { validUntil?: string; message?: string } = {},
): Promise<string> {
  const id = await askedQuote(
    who.buyer,
    [{ partsId: line.partsId, quantity: line.quantity }],
    options.message,
  );
  const res = await offerQuote(
    who.admin,
    id,
    [{ partsId: line.partsId, unitPrice: line.unitPrice }],
    options.validUntil,
  );
  if (res.statusCode !== 200) throw new Error(`offer failed: ${res.statusCode} ${res.body}`);
  return id;
}

/** The quote's row as the database holds it. */
export function quoteRow(db: Database, id: string) {
  return db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The unit price of the quote's (first) line as it stands. */
export async function quotedPrice(db: Database, id: string): Promise<number> {
  const line = await db
    .selectFrom('quote_lines')
    .select('unit_price')
    .where('quote_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(line.unit_price);
}

/** The order lines of the part of exactly `quantity` pieces (a test's quotes each ask their own). */
export function orderLinesOf(db: Database, partId: string, quantity: number) {
  return db
    .selectFrom('order_lines')
    .select(['order_id', 'unit_price'])
    .where('part_id', '=', partId)
    .where('quantity', '=', quantity)
    .execute();
}

/** Lets the quote's offer run out: valid until a second ago. */
export async function offerRunOut(db: Database, id: string): Promise<void> {
  await db
    .updateTable('quotes')
    .set({ valid_until: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', id)
    .execute();
}
