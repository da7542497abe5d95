import { SESSION_ENDED_MESSAGE } from '@shop/contract/punchout-words';
import { Link } from 'react-router';
import { usePunchout, usePunchoutEnded } from '../../../lib/punchout-session';

/** Who the punchout window shops for, as the banner says it. */
export const punchoutLabel = (companyName: string, buyerName: string) =>
  `Punchout for ${companyName} · ${buyerName}`;

/**
 * Under the navbar in a punchout window: for whom the shop is open, and the way back with the
 * lines; once the server has ended the session, that it has, and where to start again.
 */
export function PunchoutBanner() {
  const punchout = usePunchout();
  const ended = usePunchoutEnded();
  if (punchout)
    return (
      <div className="bg-info/15" data-testid="punchout-banner">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm">
          <p className="min-w-0 break-words font-medium">
            {punchoutLabel(punchout.session.companyName, punchout.session.buyerName)}
          </p>
          <Link to="/order" className="link link-primary">
            Order and transfer to procurement
          </Link>
        </div>
      </div>
    );
  if (ended)
    return (
      <div role="alert" className="bg-warning/20">
        <p className="mx-auto max-w-7xl px-4 py-2 text-sm font-medium">{SESSION_ENDED_MESSAGE}</p>
      </div>
    );
  return null;
}
