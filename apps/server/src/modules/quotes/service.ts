import type { RefusedLine } from '@shop/contract/errors';
import {
  type AcceptQuoteBody,
  MAX_QUOTE_MESSAGES,
  QUOTE_LIST_MESSAGES,
  QUOTE_THREAD_PAGE,
  type Quote,
  type QuoteMessage,
  type QuoteMessageBody,
  type QuoteOfferBody,
  type QuoteRequestBody,
  type QuoteStatus,
  TOO_MANY_QUOTE_MESSAGES_MESSAGE,
} from '@shop/contract/quotes';
import type { FastifyBaseLogger } from 'fastify';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { ifMatchPasses } from '../../http/if-match.js';
import { addressesOf } from '../addresses/index.js';
import { recordAudit } from '../audit/index.js';
import type { MailOutbox } from '../mail/index.js';
import { type AgreedOrder, type OrderDeps, orderRefusal, writeOrder } from '../orders/index.js';
import { notMultipleRefusal, obsoleteRefusal } from '../parts/index.js';
import { findUserById } from '../users/index.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import * as quotes from './repository.js';

export interface QuoteDeps {
  db: Database;
  mail?: MailOutbox | undefined;
  /** What the order of an accepted quote is placed with (modules/orders). */
  orders: OrderDeps;
}

/** What an offered quote whose time ran out answers to an accept. */
export const QUOTE_EXPIRED_MESSAGE = 'This offer has expired; ask the shop for a new one';

/**
 * The quote's status as the buyer should see it: an offer whose time ran out is expired, even
 * before the background work has marked it so.
 */
function statusOf(row: quotes.QuoteRow, now: string): QuoteStatus {
  return row.status === 'offered' && row.valid_until !== null && row.valid_until <= now
    ? 'expired'
    : row.status;
}

const toMessage = (message: quotes.QuoteMessageRow): QuoteMessage => ({
  from: message.sender,
  message: message.message,
  createdAt: message.created_at,
});

function toQuote(
  row: quotes.QuoteRow,
  lines: readonly quotes.QuoteLineRow[],
  messages: readonly quotes.QuoteMessageRow[],
  messageCount: number,
  now: string,
): Quote {
  return {
    _id: row.id,
    email: row.email,
    userName: row.user_name,
    status: statusOf(row, now),
    lines: lines.map((line) => ({
      partsId: line.part_id,
      partsName: line.part_name,
      quantity: Number(line.quantity),
      ...(line.unit_price === null ? {} : { unitPrice: Number(line.unit_price) }),
      ...(line.reference ? { reference: line.reference } : {}),
    })),
    ...(row.valid_until ? { validUntil: row.valid_until } : {}),
    ...(row.order_id ? { orderId: row.order_id } : {}),
    messages: messages.map(toMessage),
    messageCount,
    createdAt: row.created_at,
  };
}

/**
 * Quotes as the API answers them, their lines and the newest `messages` messages of each thread
 * (with how many it holds) read in two queries.
 */
async function withLinesAndMessages(
  db: Database,
  rows: readonly quotes.QuoteRow[],
  messages: number,
): Promise<Quote[]> {
  const ids = rows.map((row) => row.id);
  const [lines, latest] = await Promise.all([
    quotes.linesOf(db, ids),
    quotes.latestMessagesOf(db, ids, messages),
  ]);
  const linesOf = Map.groupBy(lines, (line) => line.quote_id);
  const messagesOf = Map.groupBy(latest.messages, (message) => message.quote_id);
  const now = nowIso();
  return rows.map((row) =>
    toQuote(
      row,
      linesOf.get(row.id) ?? [],
      messagesOf.get(row.id) ?? [],
      latest.counts.get(row.id) ?? 0,
      now,
    ),
  );
}

/** The quote, if the caller may see it (its buyer, or an admin): none → 404, another's → 403. */
async function quoteFor(db: Database, caller: Caller, id: string): Promise<quotes.QuoteRow> {
  const row = await quotes.findQuote(db, id);
  if (!row) throw notFound('quote');
  if (caller.role !== 'admin' && row.user_id !== caller.id)
    throw forbidden('This quote belongs to another account');
  return row;
}

/** The quote, if it is the caller's own (accept and decline are the buyer's alone). */
async function ownQuote(db: Database, caller: Caller, id: string): Promise<quotes.QuoteRow> {
  const row = await quotes.findQuote(db, id);
  if (!row) throw notFound('quote');
  if (row.user_id !== caller.id) throw forbidden('This quote belongs to another account');
  return row;
}

const closed = (status: QuoteStatus) => conflict(`This quote is ${status}; it can no longer change`);

/**
 * A buyer's request for a price: every part must be in the catalog (else 404 naming each such
 * line, as `POST /api/orders` does); quantities are not checked against the parts' ranges, but
 * must be multiples of their order multiples (else 422, as an order).
 */
export async function requestQuote(deps: QuoteDeps, buyer: Caller, body: QuoteRequestBody): Promise<string> {
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    const names = await quotes.partNames(
      trx,
      body.lines.map((line) => line.partsId),
    );
    const missing: RefusedLine[] = [];
    body.lines.forEach((line, index) => {
      if (!names.has(line.partsId)) missing.push({ line: index, partsId: line.partsId });
    });
    if (missing.length > 0) throw new AppError('not_found', 'No such part', undefined, { details: missing });
    const asked = body.lines.map((line, index) => ({
      line: index,
      partsId: line.partsId,
      quantity: line.quantity,
    }));
    const refusal = (await obsoleteRefusal(trx, asked)) ?? (await notMultipleRefusal(trx, asked));
    if (refusal) throw refusal;
    const now = nowIso();
    const lines = body.lines.map((line, index) => ({
      quote_id: id,
      line_no: index,
      part_id: line.partsId,
      part_name: names.get(line.partsId) ?? '',
      quantity: line.quantity,
      unit_price: null,
      reference: line.reference || null,
    }));
    await quotes.insertQuote(
      trx,
      {
        id,
        user_id: buyer.id,
        user_name: buyer.name,
        email: buyer.email,
        status: 'requested',
        offer_no: 0,
        valid_until: null,
        order_id: null,
        created_at: now,
        updated_at: now,
      },
      lines,
      { id: newId(), quote_id: id, sender: 'buyer', message: body.message, created_at: now },
    );
    await recordAudit(trx, {
      actor: buyer,
      action: 'quote.requested',
      subjectId: id,
      after: { lines: body.lines },
    });
    // Every admin hears of it, with a link to the quote's page; of an account nobody verified, they
    // see it in their list only, so no free account makes the shop mail its admins at will.
    if ((await findUserById(trx, buyer.id))?.email_verified_at)
      await deps.mail?.toShopAdmins(trx, { kind: 'quote_requested', subjectId: id }, now);
  });
  deps.mail?.kick();
  return id;
}

/**
 * A page of quotes, newest first: a buyer's own, or everyone's for an admin; each with the newest
 * QUOTE_LIST_MESSAGES messages of its thread.
 */
export async function listQuotes(
  db: Database,
  caller: Caller,
  query: { status?: QuoteStatus | undefined; limit: number; offset: number },
): Promise<{ quotes: Quote[]; total: number }> {
  const { rows, total } = await quotes.listQuotes(db, {
    ...query,
    now: nowIso(),
    ...(caller.role === 'admin' ? {} : { userId: caller.id }),
  });
  return { quotes: await withLinesAndMessages(db, rows, QUOTE_LIST_MESSAGES), total };
}

/**
 * The quote's ETag (a strong one): its id and offer number, so it changes with every offer. An
 * accept naming it (`If-Match`) accepts that offer or none.
 */
export const quoteEtag = (row: Pick<quotes.QuoteRow, 'id' | 'offer_no'>) =>
  `"${row.id}:${Number(row.offer_no)}"`;

/**
 * The quote with the newest QUOTE_THREAD_PAGE messages of its thread (older ones: `threadOf`), and
 * its ETag. The ETag is of the row read first: should a new offer come between that and the lines,
 * the ETag names the older offer, and an accept naming it is refused (never the other way round).
 */
export async function getQuote(
  db: Database,
  caller: Caller,
  id: string,
): Promise<{ quote: Quote; etag: string }> {
  const row = await quoteFor(db, caller, id);
  const [quote] = await withLinesAndMessages(db, [row], QUOTE_THREAD_PAGE);
  if (!quote) throw notFound('quote');
  return { quote, etag: quoteEtag(row) };
}

/** A page of the quote's thread counted from its newest message, oldest first, and its length. */
export async function threadOf(
  db: Database,
  caller: Caller,
  id: string,
  page: { limit: number; offset: number },
): Promise<{ messages: QuoteMessage[]; total: number }> {
  await quoteFor(db, caller, id);
  const { rows, total } = await quotes.threadPage(db, id, page);
  return { messages: rows.map(toMessage), total };
}

/**
 * A message on the quote's thread, from the buyer or, for an admin, from the shop. The thread
 * holds MAX_QUOTE_MESSAGES at most (then 422 too_many_messages): counted with the quote's row
 * locked, in the transaction that writes, so messages posted at once never pass it.
 */
export async function addMessage(
  db: Database,
  caller: Caller,
  id: string,
  body: QuoteMessageBody,
): Promise<string> {
  await quoteFor(db, caller, id);
  const messageId = newId();
  await db.transaction().execute(async (trx) => {
    await quotes.lockQuote(trx, id);
    if ((await quotes.countMessages(trx, id)) >= MAX_QUOTE_MESSAGES)
      throw new AppError('too_many_messages', TOO_MANY_QUOTE_MESSAGES_MESSAGE);
    await quotes.insertMessage(trx, {
      id: messageId,
      quote_id: id,
      sender: caller.role === 'admin' ? 'shop' : 'buyer',
      message: body.message,
      created_at: nowIso(),
    });
  });
  return messageId;
}

/**
 * The shop's offer (admins): a unit price for exactly the quote's parts, valid until a moment
 * to come. A requested or offered quote takes it (a new offer replaces the old one and the buyer
 * hears of it); an accepted, declined or expired one refuses it (409). A quantity of the quote
 * that is no multiple of its part's order multiple (changed since it was asked for) refuses it
 * too (422, as an order would be: the buyer could not accept it). The status changes by a
 * conditional update, so an offer racing an accept either replaces the offer before the accept
 * reads it or finds the quote accepted.
 */
export async function makeOffer(
  deps: QuoteDeps,
  admin: Caller,
  id: string,
  body: QuoteOfferBody,
): Promise<void> {
  const now = nowIso();
  const validUntil = new Date(body.validUntil).toISOString();
  if (validUntil <= now) throw badRequest('validUntil must be in the future');
  const row = await quotes.findQuote(deps.db, id);
  if (!row) throw notFound('quote');
  const lines = await quotes.linesOf(deps.db, [id]);
  const asked = new Set(lines.map((line) => line.part_id));
  const priced = new Set<string>();
  for (const line of body.lines) {
    if (!asked.has(line.partsId)) throw badRequest(`lines: the part ${line.partsId} is not in this quote`);
    if (priced.has(line.partsId)) throw badRequest(`lines: the part ${line.partsId} is priced twice`);
    priced.add(line.partsId);
  }
  const unpriced = lines.filter((line) => !priced.has(line.part_id));
  if (unpriced.length > 0)
    throw badRequest(
      `lines: every part of the quote needs a unitPrice (missing: ${unpriced.map((l) => l.part_name).join(', ')})`,
    );
  const notMultiple = await notMultipleRefusal(
    deps.db,
    lines.map((line) => ({
      line: Number(line.line_no),
      partsId: line.part_id,
      quantity: Number(line.quantity),
    })),
  );
  if (notMultiple) throw notMultiple;
  await deps.db.transaction().execute(async (trx) => {
    const offered = await quotes.markOffered(trx, id, { valid_until: validUntil, updated_at: now });
    if (!offered) {
      const current = await quotes.findQuote(trx, id);
      if (!current) throw notFound('quote');
      throw closed(statusOf(current, now));
    }
    await quotes.setUnitPrices(
      trx,
      id,
      body.lines.map((line) => ({ partId: line.partsId, unitPrice: line.unitPrice })),
    );
    await recordAudit(trx, {
      actor: admin,
      action: 'quote.offered',
      subjectId: id,
      before:
        row.status === 'offered'
          ? {
              validUntil: row.valid_until,
              lines: lines.map((l) => ({ partsId: l.part_id, unitPrice: l.unit_price })),
            }
          : undefined,
      after: { validUntil, lines: body.lines },
    });
    await deps.mail?.queue(
      trx,
      { kind: 'quote_offered', quoteId: id, offerNo: Number(offered.offer_no), recipient: row.email },
      now,
    );
    await emitWebhookEvent(
      trx,
      { type: 'quote.offered', ownerId: row.user_id, companyId: null, data: { quoteId: id, validUntil } },
      now,
    );
  });
  deps.mail?.kick();
}

/** Marks an offered quote whose time ran out expired (once, however many try), with its audit entry. */
async function expireQuote(db: Database, id: string, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await quotes.markExpired(trx, id, now))) return false;
    await recordAudit(trx, {
      actor: null,
      action: 'quote.expired',
      subjectId: id,
      after: { expiredAt: now },
    });
    return true;
  });
}

/** Why an accept of this quote (as it is now) is refused: 409, expired or no longer open. */
async function refusalOfAccept(db: Database, row: quotes.QuoteRow): Promise<AppError> {
  const now = nowIso();
  if (row.status === 'offered' && row.valid_until !== null && row.valid_until <= now) {
    await expireQuote(db, row.id, now);
    return conflict(QUOTE_EXPIRED_MESSAGE);
  }
  if (row.status === 'expired') return conflict(QUOTE_EXPIRED_MESSAGE);
  if (row.status === 'requested') return conflict('This quote has no offer yet');
  return closed(row.status);
}

/**
 * Where an accepted quote's order goes: what the accept says, else the buyer's mobile from their
 * profile and their first saved delivery address (empty when they keep none: the shop asks in the
 * quote's thread).
 */
async function deliveryOf(db: Database, buyer: Caller, delivery: AcceptQuoteBody) {
  const mobile = delivery?.mobile ?? (await findUserById(db, buyer.id))?.mobile ?? '';
  const address = delivery?.address ?? (await addressesOf(db, buyer.id))[0]?.address ?? '';
  return { mobile, address, ...(delivery?.poNumber ? { poNumber: delivery.poNumber } : {}) };
}

/** What an accept refused for naming another offer than the current one is told. */
export const OFFER_CHANGED_MESSAGE =
  'The shop changed its offer since you read it; nothing was ordered. Read the new offer before accepting it.';

/**
 * The offer an accept names, if it names one: `If-Match` with the quote's ETag (another offer's →
 * 412 precondition_failed), or the offer's `validUntil` in the body (not the current offer's → 409
 * conflict). Checked against the quote as read here, and again by the accept's conditional update,
 * which takes only the offer read (`offer_no`): an offer made in between refuses the accept too.
 */
function refuseAnotherOffer(row: quotes.QuoteRow, named: NamedOffer): void {
  if (named.ifMatch !== undefined && !ifMatchPasses(named.ifMatch, quoteEtag(row)))
    throw new AppError('precondition_failed', OFFER_CHANGED_MESSAGE);
  if (named.validUntil !== undefined && new Date(named.validUntil).toISOString() !== row.valid_until)
    throw conflict(OFFER_CHANGED_MESSAGE);
}

/** What an accept says of the offer it accepts: nothing (then whatever offer is current), or these. */
export interface NamedOffer {
  /** The `If-Match` header as sent. */
  ifMatch?: string | undefined;
  /** The offer's `validUntil` as the buyer read it. */
  validUntil?: string | undefined;
}

/**
 * The buyer accepts the offer: an ordinary order at the offer's unit prices for the quote's
 * quantities, its pieces taken now (checked against the stock only, not the parts' minimums;
 * short → 422 and the quote stays offered). It is decided by a conditional update of the quote's
 * status (offered, this very offer, still valid → accepted) in the transaction that places the
 * order: of accepts at once exactly one makes an order, and an accept racing a new offer either
 * made its order before the offer came (the offer is refused) or is refused itself. An accept
 * naming its offer (`If-Match`, `validUntil`) takes that offer or none; a bare one takes the offer
 * current when it reads the quote. The order is not refused by the cap on unpaid orders: the shop
 * offered it.
 */
export async function acceptQuote(
  deps: QuoteDeps,
  buyer: Caller,
  id: string,
  body: AcceptQuoteBody,
  ifMatch?: string,
): Promise<string> {
  const { validUntil, ...delivery } = body ?? {};
  const named: NamedOffer = { ifMatch, validUntil };
  const row = await ownQuote(deps.db, buyer, id);
  if (row.status !== 'offered' || (row.valid_until ?? '') <= nowIso())
    throw await refusalOfAccept(deps.db, row);
  refuseAnotherOffer(row, named);
  // Read after the quote: a newer offer than the row's shows here, and then the accept is refused.
  const lines = await quotes.linesOf(deps.db, [id]);
  const to = await deliveryOf(deps.db, buyer, delivery);
  const lost = new Error('the quote changed meanwhile');
  const agreed: AgreedOrder = {
    unitPrices: new Map(lines.map((line) => [line.part_id, Number(line.unit_price)])),
    refusal: (refused) =>
      `Not enough pieces in stock for this quote: ${refused
        .map((r) => lines[r.line])
        .filter((line) => line !== undefined)
        .map((line) => `${line.part_name} (${Number(line.quantity)} pcs)`)
        .join(', ')}. The offer stays open; ask the shop in the quote's messages.`,
  };
  const orderId = newId();
  try {
    // One transaction: the quote turns accepted (this very offer, or none), then its order is
    // written as any order is; a line the stock cannot fill rolls both back.
    await deps.db.transaction().execute(async (trx) => {
      const now = nowIso();
      if (!(await quotes.markAccepted(trx, id, { offerNo: Number(row.offer_no), now, orderId }))) throw lost;
      await recordAudit(trx, {
        actor: buyer,
        action: 'quote.accepted',
        subjectId: id,
        after: { orderId, offerNo: Number(row.offer_no) },
      });
      await deps.mail?.queue(trx, { kind: 'quote_accepted', quoteId: id, recipient: row.email }, now);
      await deps.mail?.toShopAdmins(trx, { kind: 'quote_accepted_admin', subjectId: id }, now);
      const order = {
        lines: lines.map((line) => ({
          partsId: line.part_id,
          quantity: Number(line.quantity),
          ...(line.reference ? { reference: line.reference } : {}),
        })),
        ...to,
      };
      await writeOrder(trx, deps.orders, buyer, orderId, order, agreed);
    });
    deps.mail?.kick();
    return orderId;
  } catch (error) {
    if (error !== lost) throw await orderRefusal(deps.db, error, agreed);
    const now = await quotes.findQuote(deps.db, id);
    if (!now) throw notFound('quote');
    if (now.status === 'offered' && Number(now.offer_no) !== Number(row.offer_no))
      throw ifMatch !== undefined && ifMatch.trim() !== '*'
        ? new AppError('precondition_failed', OFFER_CHANGED_MESSAGE)
        : conflict(OFFER_CHANGED_MESSAGE);
    throw await refusalOfAccept(deps.db, now);
  }
}

/** The buyer declines the quote: only a requested or offered one (else 409). */
export async function declineQuote(db: Database, buyer: Caller, id: string): Promise<void> {
  const row = await ownQuote(db, buyer, id);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await quotes.markDeclined(trx, id, now))) {
      const current = await quotes.findQuote(trx, id);
      throw closed(current ? current.status : row.status);
    }
    await recordAudit(trx, {
      actor: buyer,
      action: 'quote.declined',
      subjectId: id,
      before: { status: row.status },
    });
  });
}

/**
 * Offered quotes whose time ran out become expired (the background work). Several servers may
 * run it at once: the conditional update lets exactly one of them expire each quote.
 */
export async function expireQuotes(db: Database, log: FastifyBaseLogger): Promise<number> {
  const now = nowIso();
  let expired = 0;
  for (const due of await quotes.quotesDueToExpire(db, now)) {
    if (await expireQuote(db, due.id, now)) {
      expired += 1;
      log.info({ quoteId: due.id, validUntil: due.valid_until }, 'quote offer expired');
    }
  }
  return expired;
}
