import type { OverviewDay } from '@shop/contract/overview';
import { formatCount, formatDollars } from '../../lib/format';

/** en-GB's short month names (September is "Sept" in it). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * The API's days are UTC dates (YYYY-MM-DD), shown as they are whatever the viewer's zone, in
 * en-GB's short form: "5 Mar" and "5 Mar 2025". Written out here rather than by
 * Intl.DateTimeFormat, whose first formatter on a page loads the locale's data during the
 * overview's first render (see format.ts).
 */
function dayParts(day: string) {
  const [year = '', month = '', date = ''] = day.split('-');
  return { year: Number(year), month: MONTHS[Number(month) - 1], date: Number(date) };
}
export function formatDay(day: string): string {
  const { month, date } = dayParts(day);
  return `${date} ${month}`;
}
export function formatFullDay(day: string): string {
  const { year, month, date } = dayParts(day);
  return `${date} ${month} ${year}`;
}

export interface Totals {
  orders: number;
  revenue: number;
}

export function totalsOf(days: OverviewDay[]): Totals {
  return days.reduce(
    (sum, day) => ({ orders: sum.orders + day.orders, revenue: sum.revenue + day.revenue }),
    {
      orders: 0,
      revenue: 0,
    },
  );
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** The chart in words, for those who do not see it: the span, the totals and the busiest days. */
export function describeDays(days: OverviewDay[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No days to show.';
  const { orders, revenue } = totalsOf(days);
  const span = `From ${formatFullDay(first.date)} to ${formatFullDay(last.date)}: ${plural(orders, 'order', 'orders')} placed and ${formatDollars(revenue)} paid.`;
  if (orders === 0 && revenue === 0) return `${span} No orders or payments on any day.`;
  const most = (key: keyof Totals) => days.reduce((best, day) => (day[key] > best[key] ? day : best), first);
  const busiest = most('orders');
  const richest = most('revenue');
  return [
    span,
    busiest.orders > 0 && `Most orders on ${formatFullDay(busiest.date)} (${formatCount(busiest.orders)}).`,
    richest.revenue > 0 && `Most paid on ${formatFullDay(richest.date)} (${formatDollars(richest.revenue)}).`,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * How long since `since` (ISO 8601) at `now`, in the largest whole unit it reaches: '3 days',
 * '1 hour', '12 minutes', 'less than a minute'.
 */
export function waitedFor(since: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(since)) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days >= 1) return plural(days, 'day', 'days');
  if (hours >= 1) return plural(hours, 'hour', 'hours');
  return plural(minutes, 'minute', 'minutes');
}
