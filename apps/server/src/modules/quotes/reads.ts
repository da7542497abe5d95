import type { Database } from '../../db/database.js';
import * as quotes from './repository.js';

/* What other modules read of a quote to write about it (its mails). */

/** The quote as it is stored now; none if there is no such quote. */
export function readQuote(db: Database, id: string): Promise<quotes.QuoteRow | undefined> {
  return quotes.findQuote(db, id);
}

/** The quote's lines, in their order. */
export function quoteLines(db: Database, quoteId: string): Promise<quotes.QuoteLineRow[]> {
  return quotes.linesOf(db, [quoteId]);
}

/** What the buyer wrote when they asked for the quote: its thread's first message ('' if none). */
export async function requestMessage(db: Database, quoteId: string): Promise<string> {
  return (await quotes.firstMessageOf(db, quoteId))?.message ?? '';
}
