import type { OverviewDay } from '@shop/contract/overview';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { formatDollars } from '../../../lib/format';
import { formatFullDay } from '../summary';

/** The chart's figures, day by day, newest first: what the chart shows, readable by anyone. */
export function FiguresTable({ days }: { days: OverviewDay[] }) {
  return (
    <details className="mt-2">
      <summary className="cursor-pointer font-medium">Show the figures</summary>
      <table className="mt-2 table table-sm table-cards max-w-md">
        <caption className="text-left text-sm text-base-content/70">
          Orders placed and dollars paid per day, last {days.length} days (UTC), newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col" className="text-right">
              Orders
            </th>
            <th scope="col" className="text-right">
              Revenue
            </th>
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.date}>
              <th scope="row" className="font-normal">
                <time dateTime={day.date}>{formatFullDay(day.date)}</time>
              </th>
              <LabelledCell label="Orders" className="text-right">
                {day.orders}
              </LabelledCell>
              <LabelledCell label="Revenue" className="text-right">
                {formatDollars(day.revenue)}
              </LabelledCell>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
