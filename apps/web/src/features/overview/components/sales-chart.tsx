import type { OverviewDay } from '@shop/contract/overview';
import { useLayoutEffect, useRef, useState } from 'react';
import { formatCompactDollars, formatCount, formatDollars } from '../../../lib/format';
import { labelEvery, niceTicks } from '../chart-scale';
import { describeDays, formatDay, formatFullDay } from '../summary';

/** The theme's primary blue and a dark amber: both readable on white, and told apart without colour by bar and line. */
const ORDERS_COLOUR = '#1e3a8a';
const REVENUE_COLOUR = '#b45309';
const GRID_COLOUR = '#e5e7eb';
const TEXT_COLOUR = '#4b5563';
/** Pixels; the same as the container's h-[280px]. */
const HEIGHT = 280;
const MARGIN = { top: 8, right: 52, bottom: 24, left: 36 };
const MAX_BAR = 24;

/** The width the chart has, measured before the browser paints (so nothing moves once it shows). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Orders per day as bars on the left axis, dollars paid per day as a line on the right axis,
 * drawn as plain SVG. To assistive technology the chart is one picture with its summary in words;
 * the figures themselves are in the table beside it, and pointing at a day shows its figures.
 */
export function SalesChart({ days }: { days: OverviewDay[] }) {
  const [ref, width] = useWidth();
  const orderTicks = niceTicks(Math.max(0, ...days.map((day) => day.orders)));
  const revenueTicks = niceTicks(Math.max(0, ...days.map((day) => day.revenue)));
  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = days.length ? plotWidth / days.length : 0;
  const barWidth = Math.min(MAX_BAR, band * 0.8);
  const every = labelEvery(band);
  const x = (index: number) => MARGIN.left + band * index + band / 2;
  const yOf = (ticks: number[]) => (value: number) =>
    MARGIN.top + plotHeight - (value / (ticks.at(-1) ?? 1)) * plotHeight;
  const yOrders = yOf(orderTicks);
  const yRevenue = yOf(revenueTicks);
  const revenueLine = days
    .map((day, i) => `${x(i).toFixed(1)},${yRevenue(day.revenue).toFixed(1)}`)
    .join(' ');

  return (
    <div role="img" aria-label={describeDays(days)} className="w-full">
      {/* The chart's height is kept before it is drawn, so nothing below it moves. */}
      <div ref={ref} className="h-[280px]">
        {width > 0 && (
          <svg
            aria-hidden="true"
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            fontSize={12}
          >
            {orderTicks.map((tick) => (
              <g key={`orders-${tick}`}>
                <line
                  x1={MARGIN.left}
                  x2={MARGIN.left + plotWidth}
                  y1={yOrders(tick)}
                  y2={yOrders(tick)}
                  stroke={GRID_COLOUR}
                />
                <text x={MARGIN.left - 6} y={yOrders(tick)} dy="0.32em" textAnchor="end" fill={ORDERS_COLOUR}>
                  {formatCount(tick)}
                </text>
              </g>
            ))}
            {revenueTicks.map((tick) => (
              <text
                key={`revenue-${tick}`}
                x={MARGIN.left + plotWidth + 6}
                y={yRevenue(tick)}
                dy="0.32em"
                fill={REVENUE_COLOUR}
              >
                {formatCompactDollars(tick)}
              </text>
            ))}
            {days.map((day, i) => (
              <g key={day.date}>
                <title>{`${formatFullDay(day.date)}: ${formatCount(day.orders)} ${day.orders === 1 ? 'order' : 'orders'}, ${formatDollars(day.revenue)} paid`}</title>
                {/* The whole day's column answers the pointer, not only its bar. */}
                <rect
                  x={x(i) - band / 2}
                  y={MARGIN.top}
                  width={band}
                  height={plotHeight}
                  fill="transparent"
                />
                <rect
                  x={x(i) - barWidth / 2}
                  y={yOrders(day.orders)}
                  width={barWidth}
                  height={MARGIN.top + plotHeight - yOrders(day.orders)}
                  fill={ORDERS_COLOUR}
                />
                {i % every === 0 && (
                  <text x={x(i)} y={HEIGHT - 6} textAnchor="middle" fill={TEXT_COLOUR}>
                    {formatDay(day.date)}
                  </text>
                )}
              </g>
            ))}
            <polyline points={revenueLine} fill="none" stroke={REVENUE_COLOUR} strokeWidth={2} />
            <line
              x1={MARGIN.left}
              x2={MARGIN.left + plotWidth}
              y1={MARGIN.top + plotHeight}
              y2={MARGIN.top + plotHeight}
              stroke={TEXT_COLOUR}
            />
          </svg>
        )}
      </div>
      <p className="flex justify-center gap-6 text-sm" aria-hidden="true">
        <span className="flex items-center gap-2">
          <span className="inline-block h-3 w-3 bg-[#1e3a8a]" />
          Orders
        </span>
        <span className="flex items-center gap-2">
          <span className="inline-block h-0.5 w-4 bg-[#b45309]" />
          Revenue
        </span>
      </p>
    </div>
  );
}
