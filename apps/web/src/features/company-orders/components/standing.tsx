import type { Order } from '@shop/contract/orders';
import type { ReactNode } from 'react';
import { useCompany } from '../api/company-orders';
import { invoicedText, orderStanding, pendingReason, STANDING_BADGES, standingLabel } from '../order-status';

/** An order's standing as a badge: waiting for approval, rejected, paid, invoiced (due), … */
export function StandingBadge({ order }: { order: Order }) {
  const standing = orderStanding(order);
  return (
    <span className={`badge h-auto min-h-5 whitespace-nowrap ${STANDING_BADGES[standing.kind]}`}>
      {standingLabel(standing)}
    </span>
  );
}

/**
 * Whether an unpaid order's row says where it stands with its company or its terms rather than
 * offering Pay: waiting for approval, rejected, or invoiced on 30-day terms.
 */
export function standsWithCompany(order: Order): boolean {
  const { kind } = orderStanding(order);
  return kind === 'pending' || kind === 'rejected' || kind === 'invoiced';
}

/**
 * My Order's cell for an order that waits for the company, was rejected by it, or was invoiced
 * on 30-day terms: what it is and why, in the buyer's words. `children`: the page's own actions.
 */
export function BuyerOrderStanding({ order, children }: { order: Order; children?: ReactNode }) {
  const standing = orderStanding(order);
  const company = useCompany(order.companyId, standing.kind === 'pending');
  const limit = company.data?.members.find(
    (member) => member.email.toLowerCase() === order.email.toLowerCase(),
  )?.spendingLimit;
  return (
    <div className="flex min-w-36 max-w-64 flex-col items-start gap-1">
      {standing.kind === 'invoiced' ? (
        <span className={`badge whitespace-nowrap ${standing.overdue ? 'badge-error' : 'badge-info'}`}>
          {standing.overdue ? 'Overdue' : 'Invoiced'}
        </span>
      ) : (
        <StandingBadge order={order} />
      )}
      {standing.kind === 'pending' && <p className="text-xs">{pendingReason(limit)}</p>}
      {standing.kind === 'rejected' && (
        <p className="text-xs">Your company rejected this order: its pieces went back to stock.</p>
      )}
      {standing.kind === 'invoiced' && <p className="text-xs font-medium">{invoicedText(order)}</p>}
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}

/** A company order's approval, in a line under its status: for the shop's admin. */
export function ApprovalNote({ order }: { order: Order }) {
  if (!order.companyId) return null;
  const words =
    order.approval === 'approved'
      ? 'Company order, approved'
      : order.approval === 'pending'
        ? 'Company order, waiting for approval'
        : order.approval === 'rejected'
          ? 'Company order, rejected'
          : 'Company order';
  return <p className="whitespace-nowrap text-xs text-base-content/70">{words}</p>;
}
