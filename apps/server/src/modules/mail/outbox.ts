import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import type { InvitationTokens, LinkTokens } from '../accounts/index.js';
import { findUsableLink } from '../accounts/index.js';
import { findInvitationToMail } from '../companies/index.js';
import type { Invoice } from '../invoices/index.js';
import { findOrder, linesOf } from '../orders/index.js';
import * as quotes from '../quotes/index.js';
import {
  approvalNeededMail,
  approvalReminderMail,
  companyInvitationMail,
  invoiceOverdueMail,
  type MailContent,
  orderApprovedMail,
  orderInvoicedMail,
  orderPlacedMail,
  orderRejectedByShopMail,
  orderRejectedMail,
  orderShippedMail,
  passwordResetMail,
  paymentReceiptMail,
  quoteAcceptedAdminMail,
  quoteAcceptedMail,
  quoteOfferedMail,
  quoteRequestedMail,
  verifyEmailMail,
} from './messages.js';
import * as outbox from './repository.js';

export interface MailSettings {
  smtpUrl: string;
  from: string;
  /** The first retry waits this long; each further one twice as long (at most six hours). */
  retrySeconds: number;
}

export interface MailOutboxDeps {
  db: Database;
  settings: MailSettings;
  log: FastifyBaseLogger;
  /** The shop's configured address (PUBLIC_URL): every link in a mail is made on it. */
  publicUrl: string;
  /** The invoice of a paid order, attached to its receipt. */
  invoiceFor?: (db: Database, orderId: string) => Promise<Invoice | undefined>;
  /** Makes the links of account mails again at sending time (they are never stored). */
  linkTokens: LinkTokens;
  /** Makes the links of company invitations again at sending time (only their hashes are stored). */
  invitationTokens?: InvitationTokens;
}

export interface MailOutbox {
  /** Queues the mail in the caller's transaction (call `kick` once it has committed). */
  queue: typeof outbox.queueMail;
  /** Queues a mail to every admin of the shop, in the caller's transaction (`kick` once committed). */
  toShopAdmins: typeof outbox.mailShopAdmins;
  toEach: typeof outbox.mailEach;
  /** Sends what is due soon, without making the caller wait. */
  kick(): void;
  /** Sends what is due now; resolves when this round is done. */
  deliverDue(): Promise<void>;
  /** Starts the timer that retries and picks up what other servers left; `stop` waits for a round in flight. */
  start(): void;
  stop(): Promise<void>;
}

/** A mail is given up after this many failed attempts (about 4 days at the default of 60 s). */
export const MAX_ATTEMPTS = 12;
const MAX_DELAY_SECONDS = 6 * 3600;
/** A server holds a mail this long while sending; then another may try. Above the SMTP timeouts. */
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/** An SMTP reply of 5xx refuses the mail for good (no such mailbox); anything else may pass later. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The transactional outbox for mail to buyers: a mail is written with the change it tells of and
 * sent after that commits, by whichever server claims it first, retried with growing pauses. A
 * slow or absent mail server never holds up a request.
 */
export function mailOutbox(deps: MailOutboxDeps): MailOutbox {
  const { db, settings, log } = deps;
  // nodemailer is loaded with the first mail to send: a shop without mail never holds it.
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(
        {
          url: settings.smtpUrl,
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 30_000,
        },
        { from: settings.from },
      ),
    ));
  let round: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function orderMail(kind: outbox.MailKind, row: OrderRow): Promise<MailContent> {
    const order = { ...row, lines: await linesOf(db, [row.id]) };
    const invoice = () => deps.invoiceFor?.(db, order.id) ?? Promise.resolve(undefined);
    switch (kind) {
      case 'order_placed':
        return orderPlacedMail(order, deps.publicUrl);
      case 'order_shipped':
        return orderShippedMail(order, deps.publicUrl);
      case 'approval_needed':
        return approvalNeededMail(order, deps.publicUrl);
      case 'approval_reminder':
        return approvalReminderMail(order, deps.publicUrl);
      case 'order_approved':
        return orderApprovedMail(order, deps.publicUrl);
      case 'order_rejected':
        return orderRejectedMail(order, deps.publicUrl);
      case 'order_rejected_by_shop':
        return orderRejectedByShopMail(order, deps.publicUrl);
      case 'order_invoiced':
        return orderInvoicedMail(order, await invoice(), deps.publicUrl);
      case 'invoice_overdue':
        return invoiceOverdueMail(order, await invoice());
      default:
        return paymentReceiptMail(order, await invoice(), deps.publicUrl);
    }
  }

  /** An offer's mail, while it is the quote's offer still open (a newer offer sends its own). */
  async function offerMail(subject: string): Promise<MailContent | { drop: string }> {
    const [quoteId = '', offerNo] = subject.split(':');
    const quote = await quotes.findQuote(db, quoteId);
    if (quote?.status !== 'offered' || String(quote.offer_no) !== offerNo)
      return { drop: 'the offer was replaced, or the quote was answered' };
    return quoteOfferedMail({ ...quote, lines: await quotes.linesOf(db, [quoteId]) }, deps.publicUrl);
  }

  /** A quote's request (to the admins) or its acceptance (to the buyer and the admins). */
  async function quoteMail(mail: Due): Promise<MailContent | { drop: string }> {
    const quoteId =
      mail.kind === 'quote_accepted' ? mail.subject_id : outbox.adminMailSubject(mail.subject_id);
    const row = await quotes.findQuote(db, quoteId);
    if (!row) return { drop: 'the quote is gone' };
    const quote = { ...row, lines: await quotes.linesOf(db, [quoteId]) };
    if (mail.kind === 'quote_requested') {
      const [asked] = await quotes.messagesOf(db, [quoteId]);
      return quoteRequestedMail(quote, asked?.message ?? '', deps.publicUrl);
    }
    if (!row.order_id) return { drop: 'the quote has no order' };
    return mail.kind === 'quote_accepted'
      ? quoteAcceptedMail(quote, row.order_id, deps.publicUrl)
      : quoteAcceptedAdminMail(quote, row.order_id, deps.publicUrl);
  }

  /** An invitation's mail, while it waits to be accepted and its time has not run out. */
  async function invitationMail(invitationId: string): Promise<MailContent | { drop: string }> {
    const invitation = await findInvitationToMail(db, invitationId, nowIso());
    if (!invitation || !deps.invitationTokens)
      return { drop: 'the invitation is accepted, withdrawn or expired' };
    return companyInvitationMail(
      {
        companyName: invitation.company_name,
        inviterName: invitation.inviter_name,
        role: invitation.role,
        expiresAt: invitation.expires_at,
      },
      deps.invitationTokens.url(invitation.id),
    );
  }

  type Due = Awaited<ReturnType<typeof outbox.dueMails>>[number];

  /** The mail's content, or why it is no longer worth sending. */
  async function content(mail: Due): Promise<MailContent | { drop: string }> {
    if (mail.kind === 'verify_email' || mail.kind === 'password_reset') {
      const link = await findUsableLink(db, mail.subject_id, nowIso());
      if (!link) return { drop: 'the link is used or expired' };
      const url = deps.linkTokens.url(link.purpose, link.id);
      return link.purpose === 'verify_email'
        ? verifyEmailMail(link.name, url)
        : passwordResetMail(link.name, url);
    }
    if (mail.kind === 'quote_offered') return offerMail(mail.subject_id);
    if (mail.kind === 'company_invitation') return invitationMail(mail.subject_id);
    if (
      mail.kind === 'quote_requested' ||
      mail.kind === 'quote_accepted' ||
      mail.kind === 'quote_accepted_admin'
    )
      return quoteMail(mail);
    const order = await findOrder(
      db,
      mail.kind === 'approval_needed' || mail.kind === 'approval_reminder'
        ? outbox.adminMailSubject(mail.subject_id)
        : mail.subject_id,
    );
    // A confirmation of an order cancelled before it went out tells nothing true any more.
    if (!order || (mail.kind === 'payment_receipt' && !order.paid_at)) {
      return { drop: 'the order is gone or unpaid' };
    }
    if (mail.kind === 'order_shipped' && order.fulfilment_status === 'unfulfilled') {
      return { drop: 'the order has not shipped' };
    }
    if (mail.kind === 'approval_needed' && order.approval !== 'pending')
      return { drop: 'the order was decided, or cancelled' };
    if (mail.kind === 'approval_reminder' && (order.approval !== 'pending' || order.expired_at))
      return { drop: 'the order was decided, released or cancelled' };
    if (mail.kind === 'invoice_overdue' && order.paid_at) return { drop: 'the invoice is paid' };
    return orderMail(mail.kind, order);
  }

  async function deliver(mail: Due): Promise<void> {
    if (!(await outbox.claimMail(db, mail.id, nowIso(), later(CLAIM_MS)))) return;
    const attempt = Number(mail.attempts) + 1;
    try {
      const made = await content(mail);
      if ('drop' in made) {
        await outbox.settleMail(db, mail.id, { status: 'dropped', error: made.drop });
        return;
      }
      const { subject, text, attachments } = made;
      await (await transporter()).sendMail({
        to: mail.recipient,
        subject,
        text,
        ...(attachments ? { attachments } : {}),
      });
      await outbox.settleMail(db, mail.id, { status: 'sent', at: nowIso() });
      log.info({ mailId: mail.id, kind: mail.kind, subjectId: mail.subject_id }, 'mail sent');
    } catch (error) {
      const reason = describe(error);
      if (isPermanent(error) || attempt >= MAX_ATTEMPTS) {
        await outbox.settleMail(db, mail.id, { status: 'failed', error: reason });
        log.error({ mailId: mail.id, kind: mail.kind, attempt, reason }, 'mail given up');
        return;
      }
      const delay = Math.min(settings.retrySeconds * 2 ** (attempt - 1), MAX_DELAY_SECONDS);
      await outbox.settleMail(db, mail.id, {
        status: 'pending',
        error: reason,
        retryAt: later(delay * 1000),
      });
      log.warn(
        { mailId: mail.id, kind: mail.kind, attempt, reason, retryInSeconds: delay },
        'mail not sent yet',
      );
    }
  }

  async function deliverDue(): Promise<void> {
    for (;;) {
      const due = await outbox.dueMails(db, nowIso(), BATCH);
      for (const mail of due) {
        if (stopped) return;
        await deliver(mail);
      }
      if (due.length < BATCH) return;
    }
  }

  function kick(): void {
    if (stopped) return;
    if (round) {
      again = true;
      return;
    }
    round = (async () => {
      do {
        again = false;
        try {
          await deliverDue();
        } catch (error) {
          log.warn({ err: error }, 'mail delivery failed; it runs again later');
        }
      } while (again && !stopped);
    })().finally(() => {
      round = undefined;
    });
  }

  return {
    queue: outbox.queueMail,
    toShopAdmins: outbox.mailShopAdmins,
    toEach: outbox.mailEach,
    kick,
    deliverDue,
    start() {
      kick();
      timer = setInterval(kick, Math.min(settings.retrySeconds, 60) * 1000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
      (await transport)?.close();
    },
  };
}
