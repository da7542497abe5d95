import { NET_TERMS_DAYS } from '@shop/contract/companies';
import type { Database } from '../../db/database.js';
import type { Membership } from '../companies/index.js';
import { adminEmailsOf } from '../companies/index.js';
import type { MailOutbox } from '../mail/index.js';
import { assignInvoice } from './numbers.js';
import { monthSpending } from './totals.js';

/** When a net-30 invoice issued at `at` falls due. */
export function dueDateFrom(at: string): string {
  return new Date(Date.parse(at) + NET_TERMS_DAYS * 86_400_000).toISOString();
}

/**
 * What a company member's new order of `price` dollars becomes: pending when it would take the
 * member's orders of this month past their limit; otherwise invoiced at once when the company
 * pays on account (net 30). Run it with the buyer's row locked (placeOrder).
 */
export async function companyTerms(
  trx: Database,
  member: Membership,
  userId: string,
  price: number,
  now: string,
): Promise<{ pending: boolean; invoiced: boolean }> {
  let pending = false;
  if (member.spending_limit !== null) {
    const spent = await monthSpending(trx, { userId, companyId: member.company_id }, now);
    pending = spent + price > member.spending_limit;
  }
  return { pending, invoiced: !pending && member.payment_terms === 'net30' };
}

/** Mails each of the company's admins that the order waits for their approval (in the order's transaction). */
export async function askForApproval(
  trx: Database,
  mail: MailOutbox | undefined,
  companyId: string,
  orderId: string,
  at: string,
): Promise<void> {
  if (!mail) return;
  await mail.toEach(
    trx,
    { kind: 'approval_needed', subjectId: orderId },
    await adminEmailsOf(trx, companyId),
    at,
  );
}

/**
 * Invoices a net-30 order at once (the next invoice number, in the caller's transaction, so a
 * rollback gives the number back) and mails the invoice to its buyer. The order's due date is
 * set by whoever writes it.
 */
export async function invoiceOnAccount(
  trx: Database,
  mail: MailOutbox | undefined,
  order: { id: string; email: string },
  at: string,
): Promise<number> {
  const number = await assignInvoice(trx, order.id, at);
  await mail?.queue(trx, { kind: 'order_invoiced', orderId: order.id, recipient: order.email }, at);
  return number;
}
