import type { AuditAction } from '@shop/contract/audit';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { pageWithTotal } from '../../db/paging.js';

export interface AuditEntry {
  actor: { id: string; email: string } | null;
  action: AuditAction;
  subjectId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one entry, or several in one statement (inside the caller's transaction where there is
 * one). Entries are never changed.
 */
export async function recordAudit(db: Database, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const all = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (all.length === 0) return;
  const at = nowIso();
  await db
    .insertInto('audit_log')
    .values(
      all.map((entry) => ({
        id: newId(),
        at,
        actor_id: entry.actor?.id ?? null,
        actor_email: entry.actor?.email ?? null,
        action: entry.action,
        subject_id: entry.subjectId,
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
      })),
    )
    .execute();
}

/** A page of the log, newest first, and how many entries there are in all. */
export function listAudit(db: Database, page: { limit: number; offset: number }) {
  return pageWithTotal(
    db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('id', 'desc'),
    page,
  );
}
