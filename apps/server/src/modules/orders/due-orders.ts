import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { awaitingApproval, awaitsNoApproval, holdsPiecesUnpaid, overdue } from './predicates.js';

/* The orders the background work looks for: those to release, to remind approvers of, to mail overdue. */

/** Overdue invoices whose buyer has not been told yet (no overdue mail queued), at most 500. */
export function overdueUnmailed(db: Database, now: string) {
  return overdue(db, now)
    .select(['orders.id as id', 'orders.email as email'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('mail_outbox')
            .select('mail_outbox.id')
            .where('mail_outbox.kind', '=', 'invoice_overdue')
            .whereRef('mail_outbox.subject_id', '=', 'orders.id'),
        ),
      ),
    )
    .orderBy('orders.due_date')
    .limit(500)
    .execute();
}

/** When an open order's time runs out: placed before these instants, by its buyer and its amount. */
export interface ReleaseCutoffs {
  unverified: string;
  verified: string;
  aboveCardLimit: string;
  /** Orders priced above this many cents can never be paid by card. */
  cardLimitCents: number;
}

/** When an order could first be paid: when it was placed, or when its company approved it. */
const payableSince = sql<string>`coalesce(orders.approved_at, orders.created_at)`;

/**
 * Open (unpaid, unexpired) orders whose time ran out, oldest first, at most 500; `pending` tells
 * those that waited for their company's approval (their time runs from when they were placed, by
 * their buyer's email alone: the card limit is for orders a card would pay).
 */
export async function ordersDueForRelease(
  db: Database,
  cutoffs: ReleaseCutoffs,
): Promise<{ id: string; pending: boolean }[]> {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id as id', 'orders.approval as approval'])
    // An invoiced (net-30) order is paid on account; a shipped order never expires. One waiting
    // for its company's approval holds its pieces for its buyer's hours too, never for ever.
    .where(holdsPiecesUnpaid)
    .where('orders.fulfilment_status', '=', 'unfulfilled')
    .where((eb) =>
      eb.or([
        eb.and([
          // Card-payable (cardPayable's conditions, the others above).
          awaitsNoApproval(eb),
          eb(sql<number>`orders.price * 100`, '>', cutoffs.cardLimitCents),
          eb(payableSince, '<', cutoffs.aboveCardLimit),
        ]),
        eb.and([eb('users.email_verified_at', 'is', null), eb(payableSince, '<', cutoffs.unverified)]),
        eb.and([eb('users.email_verified_at', 'is not', null), eb(payableSince, '<', cutoffs.verified)]),
      ]),
    )
    .orderBy('orders.created_at')
    .limit(500)
    .execute();
  return rows.map((row) => ({ id: row.id, pending: row.approval === 'pending' }));
}

/**
 * Orders waiting for their company's approval for half their time or more (placed before the
 * cutoff of their buyer's email), not released yet, whose admins have not been reminded (no
 * reminder queued for any of them); oldest first, at most 500.
 */
export function pendingDueForReminder(db: Database, cutoffs: { unverified: string; verified: string }) {
  return db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id as id', 'orders.company_id as company_id'])
    .where(awaitingApproval)
    .where('orders.company_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('users.email_verified_at', 'is', null), eb('orders.created_at', '<', cutoffs.unverified)]),
        eb.and([
          eb('users.email_verified_at', 'is not', null),
          eb('orders.created_at', '<', cutoffs.verified),
        ]),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('mail_outbox')
            .select('mail_outbox.id')
            .where('mail_outbox.kind', '=', 'approval_reminder')
            // An admin's copy's subject is `<order>/<admin>` (an order's id holds no % or _).
            .where(sql<boolean>`mail_outbox.subject_id like orders.id || '/%'`),
        ),
      ),
    )
    .orderBy('orders.created_at')
    .limit(500)
    .execute();
}
