import type { OverviewDay } from '@shop/contract/overview';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDollars } from '../../parts/format';
import { describeDays, formatDay, formatFullDay } from '../summary';

/** The theme's primary blue and a dark amber: both readable on white, and told apart without colour by bar and line. */
const ORDERS_COLOUR = '#1e3a8a';
const REVENUE_COLOUR = '#b45309';

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * Orders per day as bars, dollars paid per day as a line. To assistive technology the chart is
 * one picture with its summary in words; the figures themselves are in the table beside it.
 */
export function SalesChart({ days }: { days: OverviewDay[] }) {
  return (
    <div role="img" aria-label={describeDays(days)} className="w-full">
      <ComposedChart
        responsive
        data={days}
        accessibilityLayer={false}
        margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
        style={{ width: '100%', height: 280 }}
      >
        <CartesianGrid stroke="#e5e7eb" vertical={false} />
        <XAxis dataKey="date" tickFormatter={formatDay} minTickGap={16} tick={{ fontSize: 12 }} />
        <YAxis
          yAxisId="orders"
          allowDecimals={false}
          width={36}
          tick={{ fontSize: 12 }}
          stroke={ORDERS_COLOUR}
        />
        <YAxis
          yAxisId="revenue"
          orientation="right"
          allowDecimals={false}
          width={52}
          tick={{ fontSize: 12 }}
          tickFormatter={(value: number) => compactDollars.format(value)}
          stroke={REVENUE_COLOUR}
        />
        <Tooltip
          labelFormatter={(label) => formatFullDay(String(label))}
          formatter={(value, name) => (name === 'Revenue' ? formatDollars(Number(value)) : value)}
        />
        <Legend wrapperStyle={{ fontSize: 14 }} />
        <Bar
          yAxisId="orders"
          dataKey="orders"
          name="Orders"
          fill={ORDERS_COLOUR}
          isAnimationActive={false}
          maxBarSize={24}
        />
        <Line
          yAxisId="revenue"
          dataKey="revenue"
          name="Revenue"
          stroke={REVENUE_COLOUR}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </div>
  );
}
