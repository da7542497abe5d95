import type { Overview } from '@shop/contract/overview';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { formatCount } from '../../../lib/format';
import { waitedFor } from '../summary';

/**
 * The overview's 'To ship': how many orders are paid (or invoiced) and not shipped, since when the
 * oldest has waited and for how long, and the way to them (Manage All Order, filtered to ship, or
 * to those with pieces ready to ship).
 */
export function ToShip({ toShip }: { toShip: Overview['toShip'] }) {
  return (
    <section
      aria-labelledby="to-ship-heading"
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="to-ship-heading" className="text-xl font-semibold">
          To ship{' '}
          <span className="badge badge-neutral align-middle" aria-hidden="true">
            {formatCount(toShip.count)}
          </span>
        </h2>
        <p className="mt-1">
          {toShip.oldestSince ? (
            <>
              {formatCount(toShip.count)} {toShip.count === 1 ? 'order is' : 'orders are'} paid and waiting to
              ship. The oldest has waited since <DateTime at={toShip.oldestSince} time="short" /> (
              {waitedFor(toShip.oldestSince, Date.now())}).
            </>
          ) : (
            'Every paid order has shipped.'
          )}
        </p>
      </div>
      {toShip.count > 0 && (
        <div className="flex flex-wrap gap-2 self-start sm:self-center">
          <Link to="/dashboard/manage-all-order?state=to_ship" className="btn btn-primary btn-sm">
            See orders to ship
          </Link>
          {/* The warehouse's working list: orders with pieces here to send. */}
          <Link to="/dashboard/manage-all-order?state=ready_to_ship" className="btn btn-outline btn-sm">
            Ready to ship
          </Link>
        </div>
      )}
    </section>
  );
}
