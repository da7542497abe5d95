import type { Overview } from '@shop/contract/overview';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { formatCount } from '../../../lib/format';
import { waitedFor } from '../summary';

const nothingToWatch = () => () => {};

/**
 * How long the oldest order has waited, counted in the browser: the server that renders the page
 * leaves it out (its clock is not the reader's moment), and the app adds it once it has the page.
 */
function WaitedFor({ since }: { since: string }) {
  const now = useSyncExternalStore(
    nothingToWatch,
    () => Math.floor(Date.now() / 60_000) * 60_000,
    () => null,
  );
  return now === null ? null : <> ({waitedFor(since, now)})</>;
}

/** The overview's 'To ship': orders paid (or invoiced) and not shipped, and since when the oldest waits. */
export function ToShipStat({ toShip }: { toShip: Overview['toShip'] }) {
  return (
    <div className="stat">
      <dt className="stat-title">To ship</dt>
      <dd className="stat-value text-2xl">{formatCount(toShip.count)}</dd>
      <dd className="stat-desc whitespace-normal">
        {toShip.oldestSince ? (
          <>
            {toShip.count === 1 ? 'order' : 'orders'} waiting, the oldest since{' '}
            <DateTime at={toShip.oldestSince} time="short" />
            <WaitedFor since={toShip.oldestSince} />
          </>
        ) : (
          'Every paid order has shipped.'
        )}
      </dd>
      {toShip.count > 0 && (
        <dd className="stat-actions mt-2">
          <Link to="/dashboard/manage-all-order?state=to_ship" className="btn btn-primary btn-xs">
            See orders to ship
          </Link>
        </dd>
      )}
    </div>
  );
}
