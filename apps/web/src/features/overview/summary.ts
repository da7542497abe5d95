import type { OverviewDay } from '@shop/contract/overview';
import { formatDollars } from '../parts/format';

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const fullDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const count = new Intl.NumberFormat('en-US');

/** The API's days are UTC dates (YYYY-MM-DD), shown as such whatever the viewer's zone. */
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
export const formatDay = (day: string) => dayMonth.format(asDate(day));
export const formatFullDay = (day: string) => fullDate.format(asDate(day));

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

const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

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
    busiest.orders > 0 && `Most orders on ${formatFullDay(busiest.date)} (${count.format(busiest.orders)}).`,
    richest.revenue > 0 && `Most paid on ${formatFullDay(richest.date)} (${formatDollars(richest.revenue)}).`,
  ]
    .filter(Boolean)
    .join(' ');
}
