import { newId } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { claimRow, dueRows } from '../../db/outbox.js';
import type { MailOutboxTable } from '../../db/schema.js';

export type MailKind = MailOutboxTable['kind'];
export type OrderMailKind =
  | 'order_placed'
  | 'payment_receipt'
  | 'order_shipped'
  | 'order_approved'
  | 'order_rejected'
  | 'order_rejected_by_shop'
  | 'order_invoiced'
  | 'invoice_overdue';
export type AccountMailKind = 'verify_email' | 'password_reset';
/** Mails to each of several admins, of the shop (`mailShopAdmins`) or of a company (`mailEach`). */
export type AdminMailKind =
  | 'quote_requested'
  | 'quote_accepted_admin'
  | 'approval_needed'
  | 'approval_reminder';

/**
 * A mail about an order, one carrying an account link (the link is made again when sent), a
 * quote's offer (one mail for each offer: its subject is the quote and the offer's number), or
 * the buyer's note that their quote became an order. Its links are made when it is sent, on the
 * shop's configured address.
 */
export type QueuedMail =
  | { kind: OrderMailKind; orderId: string; recipient: string }
  | { kind: AccountMailKind; linkId: string; recipient: string }
  | { kind: 'quote_offered'; quoteId: string; offerNo: number; recipient: string }
  | { kind: 'company_invitation'; invitationId: string; recipient: string }
  | { kind: 'quote_accepted'; quoteId: string; recipient: string }
  | { kind: 'shipment_sent'; shipmentId: string; recipient: string }
  | { kind: 'backorder_ready'; orderId: string; partId: string; recipient: string };

/** The outbox subject of a line's waiting pieces all arrived: the order and the line's part. */
export const readySubject = (orderId: string, partId: string) => `${orderId}:${partId}`;
export const readyMailSubject = (subject: string) => {
  const [orderId = '', partId = ''] = subject.split(':');
  return { orderId, partId };
};

/** The outbox subject of a quote's offer: the quote and which of its offers. */
export const offerSubject = (quoteId: string, offerNo: number) => `${quoteId}:${offerNo}`;

/**
 * The outbox subject of an admin's copy of a mail: what it tells of and to which admin (so each
 * admin's mail is queued once); `adminMailSubject` reads back what it tells of.
 */
export const adminSubject = (subjectId: string, userId: string) => `${subjectId}/${userId}`;
export const adminMailSubject = (subject: string) => subject.slice(0, subject.lastIndexOf('/'));

function subjectOf(mail: QueuedMail): string {
  if (mail.kind === 'backorder_ready') return readySubject(mail.orderId, mail.partId);
  if ('orderId' in mail) return mail.orderId;
  if ('linkId' in mail) return mail.linkId;
  if ('invitationId' in mail) return mail.invitationId;
  if ('shipmentId' in mail) return mail.shipmentId;
  if (mail.kind === 'quote_offered') return offerSubject(mail.quoteId, mail.offerNo);
  return mail.quoteId;
}

const pendingRow = (kind: MailKind, subjectId: string, recipient: string, at: string) => ({
  id: newId(),
  kind,
  subject_id: subjectId,
  recipient,
  status: 'pending' as const,
  attempts: 0,
  next_attempt_at: at,
  claimed_until: null,
  last_error: null,
  created_at: at,
  sent_at: null,
});

/**
 * The mails that may go to an address nobody has verified: the ones that prove it is its owner's
 * (verification, password reset), and an invitation, whose accepting needs a verified account
 * (invitations are rate limited per inviter and company instead). Every other mail (orders,
 * receipts, quotes) goes only to an address its account has verified, so an account nobody
 * verified cannot use the shop to mail any address it likes.
 */
const PROVES_ITS_ADDRESS: ReadonlySet<MailKind> = new Set([
  'verify_email',
  'password_reset',
  'company_invitation',
]);

async function addressVerified(db: Database, email: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('email_verified_at', 'is not', null)
    .executeTakeFirst();
  return user !== undefined;
}

/**
 * Puts a mail into the outbox, in the caller's transaction: it exists exactly when what it tells
 * happened. The same mail for the same order (or link) is queued once; none to an address nobody
 * verified unless it proves the address (PROVES_ITS_ADDRESS).
 */
export async function queueMail(db: Database, mail: QueuedMail, at: string): Promise<void> {
  if (!PROVES_ITS_ADDRESS.has(mail.kind) && !(await addressVerified(db, mail.recipient))) return;
  await db
    .insertInto('mail_outbox')
    .values(pendingRow(mail.kind, subjectOf(mail), mail.recipient, at))
    .onConflict((oc) => oc.columns(['kind', 'subject_id']).doNothing())
    .execute();
}

/**
 * Mails each of `recipients` (admins of the shop or of a company) the same news, in the caller's
 * transaction: one outbox row each, queued once for each `subjectId` (what the mail tells of; its
 * content is made from it when sent; `adminMailSubject` reads it back from the row's subject).
 */
export async function mailEach(
  db: Database,
  mail: { kind: AdminMailKind; subjectId: string },
  recipients: readonly { id: string; email: string }[],
  at: string,
): Promise<void> {
  if (recipients.length === 0) return;
  await db
    .insertInto('mail_outbox')
    .values(
      recipients.map((admin) =>
        pendingRow(mail.kind, adminSubject(mail.subjectId, admin.id), admin.email, at),
      ),
    )
    .onConflict((oc) => oc.columns(['kind', 'subject_id']).doNothing())
    .execute();
}

/**
 * Mails every admin of the shop (each user whose role is admin now), in the caller's transaction
 * (see `mailEach`). Any feature may tell the shop's admins this way; it returns how many it mailed.
 */
export async function mailShopAdmins(
  db: Database,
  mail: { kind: AdminMailKind; subjectId: string },
  at: string,
): Promise<number> {
  const admins = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('role', '=', 'admin')
    .orderBy('id')
    .execute();
  await mailEach(db, mail, admins, at);
  return admins.length;
}

/** Pending mails whose time has come, oldest first. */
export function dueMails(db: Database, now: string, max: number) {
  return dueRows(db, 'mail_outbox', now, max)
    .select(['id', 'kind', 'subject_id', 'recipient', 'attempts'])
    .execute();
}

/** Takes a mail for sending until `until`, counting the attempt (see `claimRow`). */
export const claimMail = (db: Database, id: string, now: string, until: string) =>
  claimRow(db, 'mail_outbox', id, now, until);

export async function settleMail(
  db: Database,
  id: string,
  outcome:
    | { status: 'sent'; at: string }
    | { status: 'dropped' | 'failed'; error: string }
    | { status: 'pending'; error: string; retryAt: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: outcome.status,
      claimed_until: null,
      ...(outcome.status === 'sent'
        ? { sent_at: outcome.at, last_error: null }
        : { last_error: outcome.error }),
      ...(outcome.status === 'pending' ? { next_attempt_at: outcome.retryAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}
