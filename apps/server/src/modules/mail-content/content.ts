import { nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { findUsableLink, type InvitationTokens, type LinkTokens } from '../accounts/index.js';
import { findInvitationToMail } from '../companies/index.js';
import type { Invoice } from '../invoices/index.js';
import {
  adminMailSubject,
  type DueMail,
  type MailContent,
  type MailKind,
  readyMailSubject,
} from '../mail/index.js';
import { findShipment, orderLines, readOrder } from '../orders/index.js';
import * as quotes from '../quotes/index.js';
import { backorderReadyMail, shipmentSentMail } from './availability-messages.js';
import {
  approvalNeededMail,
  approvalReminderMail,
  companyInvitationMail,
  invoiceOverdueMail,
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

export interface MailContentDeps {
  db: Database;
  /** The shop's configured address (PUBLIC_URL): every link in a mail is made on it. */
  publicUrl: string;
  /** The invoice of a paid order, attached to its receipt. */
  invoiceFor?: (db: Database, orderId: string) => Promise<Invoice | undefined>;
  /** Makes the links of account mails again at sending time (they are never stored). */
  linkTokens: LinkTokens;
  /** Makes the links of company invitations again at sending time (only their hashes are stored). */
  invitationTokens?: InvitationTokens;
}

/**
 * What each mail says, made from the shop's records when it is sent (not when it is queued): a
 * mail whose order, quote, link or invitation has moved on since is dropped instead.
 */
export function mailContent(
  deps: MailContentDeps,
): (mail: DueMail) => Promise<MailContent | { drop: string }> {
  const { db } = deps;

  async function orderMail(kind: MailKind, row: OrderRow): Promise<MailContent> {
    const order = { ...row, lines: await orderLines(db, row.id) };
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
    const quote = await quotes.readQuote(db, quoteId);
    if (quote?.status !== 'offered' || String(quote.offer_no) !== offerNo)
      return { drop: 'the offer was replaced, or the quote was answered' };
    return quoteOfferedMail({ ...quote, lines: await quotes.quoteLines(db, quoteId) }, deps.publicUrl);
  }

  /** A quote's request (to the admins) or its acceptance (to the buyer and the admins). */
  async function quoteMail(mail: DueMail): Promise<MailContent | { drop: string }> {
    const quoteId = mail.kind === 'quote_accepted' ? mail.subject_id : adminMailSubject(mail.subject_id);
    const row = await quotes.readQuote(db, quoteId);
    if (!row) return { drop: 'the quote is gone' };
    const quote = { ...row, lines: await quotes.quoteLines(db, quoteId) };
    if (mail.kind === 'quote_requested') {
      return quoteRequestedMail(quote, await quotes.requestMessage(db, quoteId), deps.publicUrl);
    }
    const order = row.order_id ? await readOrder(db, row.order_id) : undefined;
    if (!order || order.cancelled_at) return { drop: 'the quote has no order, or it was cancelled' };
    return mail.kind === 'quote_accepted'
      ? quoteAcceptedMail(quote, order, deps.publicUrl)
      : quoteAcceptedAdminMail(quote, order, deps.publicUrl);
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

  /** A shipment's mail, with what is still to come of its order. */
  async function shipmentMail(shipmentId: string): Promise<MailContent | { drop: string }> {
    const shipment = await findShipment(db, shipmentId);
    const order = shipment && (await readOrder(db, shipment.order_id));
    if (!shipment || !order) return { drop: 'the shipment is gone' };
    return shipmentSentMail({ ...order, lines: await orderLines(db, order.id) }, shipment, deps.publicUrl);
  }

  /** A line's waiting pieces all arrived: which, and what else of the order still waits. */
  async function readyMail(subject: string): Promise<MailContent | { drop: string }> {
    const { orderId, partId } = readyMailSubject(subject);
    const order = await readOrder(db, orderId);
    if (!order || order.cancelled_at || order.expired_at)
      return { drop: 'the order is gone, cancelled or expired' };
    return backorderReadyMail({ ...order, lines: await orderLines(db, order.id) }, partId, deps.publicUrl);
  }

  /** The mail's content, or why it is no longer worth sending. */
  async function content(mail: DueMail): Promise<MailContent | { drop: string }> {
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
    if (mail.kind === 'shipment_sent') return shipmentMail(mail.subject_id);
    if (
      mail.kind === 'quote_requested' ||
      mail.kind === 'quote_accepted' ||
      mail.kind === 'quote_accepted_admin'
    )
      return quoteMail(mail);
    if (mail.kind === 'backorder_ready') return readyMail(mail.subject_id);
    const order = await readOrder(
      db,
      mail.kind === 'approval_needed' || mail.kind === 'approval_reminder'
        ? adminMailSubject(mail.subject_id)
        : mail.subject_id,
    );
    // A mail about an order cancelled before it went out tells nothing true any more.
    if (!order || order.cancelled_at) return { drop: 'the order is gone or cancelled' };
    if (mail.kind === 'payment_receipt' && !order.paid_at) return { drop: 'the order is unpaid' };
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

  return content;
}
