import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { pageWithTotal } from '../../db/paging.js';

export type AuditAction =
  | 'part.created'
  | 'part.edited'
  | 'part.deleted'
  | 'order.cancelled'
  | 'order.paid'
  | 'order.expired'
  | 'order.refund_due'
  | 'order.shipped'
  | 'order.delivered'
  | 'order.approved'
  | 'order.rejected'
  | 'order.settled'
  | 'user.made_admin'
  | 'user.google_linked'
  | 'quote.requested'
  | 'quote.offered'
  | 'quote.accepted'
  | 'quote.declined'
  | 'quote.expired'
  | 'company.created'
  | 'company.invited'
  | 'company.invitation_withdrawn'
  | 'company.joined'
  | 'company.member_changed'
  | 'company.member_removed'
  | 'company.payment_terms_changed';

export interface AuditEntry {
  actor: { id: string; email: string } | null;
  action: AuditAction;
  subjectId: string;
  before?: unknown;
  after?: unknown;
}

/** Writes one entry (inside the caller's transaction where there is one). Entries are never changed. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      at: nowIso(),
      actor_id: entry.actor?.id ?? null,
      actor_email: entry.actor?.email ?? null,
      action: entry.action,
      subject_id: entry.subjectId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/** A page of the log, newest first, and how many entries there are in all. */
export function listAudit(db: Database, page: { limit: number; offset: number }) {
  return pageWithTotal(
    db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('id', 'desc'),
    page,
  );
}
