import type { BackorderedPart, Overview } from '@shop/contract/overview';
import { formatCount, formatDollars } from '../../lib/format';

/** A part waiting for pieces in words: "700 waiting, 500 incoming: 200 short" (or "…: covered"). */
export function coverText(part: Pick<BackorderedPart, 'backordered' | 'incoming' | 'short'>): string {
  const counts = `${formatCount(part.backordered)} waiting, ${formatCount(part.incoming)} incoming`;
  return part.short > 0 ? `${counts}: ${formatCount(part.short)} short` : `${counts}: covered`;
}

/** What the overview says of its backorders: how many parts orders wait for, how many are short. */
export function backordersText(backorders: Pick<Overview['backorders'], 'total' | 'uncovered'>): string {
  if (backorders.total === 0) return 'No order waits for pieces.';
  const parts = `${formatCount(backorders.total)} ${backorders.total === 1 ? 'part has' : 'parts have'} orders waiting`;
  if (backorders.uncovered === 0) return `${parts}; the incoming batches cover every one.`;
  return `${parts}; the incoming batches will not cover ${formatCount(backorders.uncovered)} of them.`;
}

/** The refunds due in words: "$340 for 2 orders", or "None". */
export function refundsDueText(refunds: Overview['refundsDue']): string {
  if (refunds.count === 0) return 'None';
  return `${formatDollars(refunds.value)} for ${formatCount(refunds.count)} ${refunds.count === 1 ? 'order' : 'orders'}`;
}
