import type { Overview } from '@shop/contract/overview';
import { Link } from 'react-router';
import { backordersText, coverText, refundsDueText } from '../backorders';

/**
 * The overview's Backorders: each part orders wait for against the pieces on their way, the
 * parts their incoming batches will not cover first and marked, each with the way to its edit
 * page (where pieces are received and batches planned); and the refunds due for waiting pieces
 * dropped from paid orders.
 */
export function Backorders({
  backorders,
  refundsDue,
}: {
  backorders: Overview['backorders'];
  refundsDue: Overview['refundsDue'];
}) {
  return (
    <section aria-labelledby="backorders" className="card self-start border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h2 id="backorders" className="card-title text-lg">
          Backorders <span className="badge badge-neutral">{backorders.total}</span>
          {backorders.uncovered > 0 && (
            <span className="badge badge-error">{backorders.uncovered} short</span>
          )}
        </h2>
        <p className="text-sm text-base-content/70">{backordersText(backorders)}</p>
        {backorders.parts.length > 0 && (
          <ul className="divide-y divide-base-300">
            {backorders.parts.map((part) => (
              <li
                key={part._id}
                className={`flex items-center justify-between gap-3 py-2 ${part.short > 0 ? 'border-l-4 border-error pl-2' : ''}`}
              >
                <div className="min-w-0">
                  <p className="break-words font-medium">{part.name}</p>
                  <p
                    className={`text-sm ${part.short > 0 ? 'font-medium text-error' : 'text-base-content/70'}`}
                  >
                    {coverText(part)}
                  </p>
                </div>
                <Link
                  to={`/dashboard/edit-product/${part._id}`}
                  className="btn btn-outline btn-xs shrink-0"
                  aria-label={`Edit ${part.name}`}
                >
                  Edit
                </Link>
              </li>
            ))}
          </ul>
        )}
        {backorders.total > backorders.parts.length && (
          <p className="text-sm">
            The {backorders.parts.length} most short of {backorders.total}.
          </p>
        )}
        <dl className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-base-300 pt-3">
          <dt className="font-medium">Refunds due</dt>
          <dd className={refundsDue.count > 0 ? 'font-semibold' : ''}>{refundsDueText(refundsDue)}</dd>
          <dd className="basis-full text-sm text-base-content/70">
            For waiting pieces dropped from paid orders, not refunded yet.
          </dd>
        </dl>
      </div>
    </section>
  );
}
