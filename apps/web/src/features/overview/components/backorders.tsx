import type { Overview } from '@shop/contract/overview';
import { backordersText, coverText, refundsDueText } from '../backorders';
import { PartsCard } from './parts-card';

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
    <PartsCard
      id="backorders"
      title="Backorders"
      badges={
        backorders.uncovered > 0 && <span className="badge badge-error">{backorders.uncovered} short</span>
      }
      rule={backordersText(backorders)}
      parts={backorders.parts}
      total={backorders.total}
      which="most short"
      note={coverText}
      urgent={(part) => part.short > 0}
      selfStart
    >
      <dl className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-base-300 pt-3">
        <dt className="font-medium">Refunds due</dt>
        <dd className={refundsDue.count > 0 ? 'font-semibold' : ''}>{refundsDueText(refundsDue)}</dd>
        <dd className="basis-full text-sm text-base-content/70">
          For waiting pieces dropped from paid orders, not refunded yet.
        </dd>
      </dl>
    </PartsCard>
  );
}
