import type { Overview } from '@shop/contract/overview';
import { Link } from 'react-router';
import { formatCount, formatDollars } from '../../../lib/format';
import { formatDueDate } from '../order-status';

/** The overview's overdue invoices: how many, their value, and the oldest due of them. */
export type OverdueInvoices = Overview['overdueInvoices'];

/** Where the shop's admin finds an order: Manage All Order, showing that order. */
export const orderHref = (id: string) => `/dashboard/manage-all-order?order=${encodeURIComponent(id)}`;

/**
 * The overview's overdue net-30 invoices, when there are any: their count and value, and a short
 * list, each linking to its order. Nothing when none is overdue (or the server does not say).
 */
export function OverdueInvoicesPanel({ overdue }: { overdue: OverdueInvoices | undefined }) {
  if (!overdue || overdue.count === 0) return null;
  const more = overdue.count - overdue.orders.length;
  return (
    <section aria-labelledby="overdue-heading" className="rounded-box border border-error/40 bg-error/5 p-4">
      <h2 id="overdue-heading" className="text-xl font-semibold">
        Overdue invoices
      </h2>
      <p className="mb-2">
        <strong>{formatCount(overdue.count)}</strong> net-30 {overdue.count === 1 ? 'invoice' : 'invoices'}{' '}
        past due, <strong>{formatDollars(overdue.value)}</strong> in all.
      </p>
      <ul className="flex flex-col gap-1">
        {overdue.orders.map((invoice) => (
          <li key={invoice._id} className="flex flex-wrap gap-x-2">
            <Link to={orderHref(invoice._id)} className="link link-primary font-medium">
              {invoice.invoiceNumber ?? 'Invoice'}
            </Link>
            <span>
              {invoice.companyName ? `${invoice.companyName} (${invoice.userName})` : invoice.userName}:{' '}
              {formatDollars(invoice.price)}, due {formatDueDate(invoice.dueDate)}
            </span>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="mt-1 text-sm text-base-content/70">and {formatCount(more)} more</p>}
    </section>
  );
}
