import type { ContractFromQuoteBody, ContractPrices } from '@shop/contract/contract-prices';
import type { Database } from '../../db/database.js';
import { conflict, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { membershipOf } from '../companies/index.js';
import { addPrices } from '../contract-prices/index.js';
import * as quotes from './repository.js';

export const NOT_ACCEPTED_MESSAGE = 'Only an accepted quote’s prices can become contract prices';
export const NO_COMPANY_MESSAGE =
  'The quote’s buyer belongs to no company: there is no company to give the prices';

/**
 * `POST /api/quotes/{id}/contract` (the shop's admin): the accepted quote's unit prices become its
 * buyer's company's contract prices, beside the ones it keeps (a part's price replaced), until
 * `validUntil` when given. Answers the company's prices as they are then.
 */
export async function contractFromQuote(
  db: Database,
  caller: Caller,
  quoteId: string,
  body: ContractFromQuoteBody,
): Promise<ContractPrices> {
  const quote = await quotes.findQuote(db, quoteId);
  if (!quote) throw notFound('quote');
  if (quote.status !== 'accepted') throw conflict(NOT_ACCEPTED_MESSAGE);
  const membership = await membershipOf(db, quote.user_id);
  if (!membership) throw conflict(NO_COMPANY_MESSAGE);
  // One price a part: a part asked on two lines keeps its lowest offer.
  const byPart = new Map<string, number>();
  for (const line of await quotes.linesOf(db, [quoteId])) {
    if (line.unit_price === null) continue;
    const price = Number(line.unit_price);
    byPart.set(line.part_id, Math.min(price, byPart.get(line.part_id) ?? price));
  }
  return addPrices(
    db,
    caller,
    membership.company_id,
    [...byPart].map(([partsId, unitPrice]) => ({ partsId, unitPrice, validUntil: body.validUntil })),
  );
}
