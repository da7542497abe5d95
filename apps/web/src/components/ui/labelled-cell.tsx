import type { ReactNode } from 'react';

/**
 * A cell of a table that is a list of cards below 640 px (the `table-cards` class, styles.css):
 * on a card its value follows `label`, its column's name (none given: the value spans the card,
 * as the row's actions do). The value sits in one box, the card's value column.
 */
export function LabelledCell({
  label,
  className,
  colSpan,
  children,
}: {
  label: string | undefined;
  className?: string | undefined;
  colSpan?: number;
  children: ReactNode;
}) {
  return (
    <td className={className} colSpan={colSpan} data-label={label || undefined}>
      <div>{children}</div>
    </td>
  );
}
