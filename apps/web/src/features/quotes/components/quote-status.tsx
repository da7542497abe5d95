import { QUOTE_STATUSES, type QuoteStatus } from '@shop/contract/quotes';
import { useId } from 'react';
import { STATUS_LABELS } from '../quote-lines';

const BADGES: Record<QuoteStatus, string> = {
  requested: 'badge-info',
  offered: 'badge-warning',
  accepted: 'badge-success',
  declined: 'badge-neutral',
  expired: 'badge-neutral',
};

/** A quote's status as a badge. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={`badge whitespace-nowrap ${BADGES[status]}`}>{STATUS_LABELS[status]}</span>;
}

/** The quotes lists' filter: every quote, or those of one status. */
export function QuoteStatusFilter({
  status,
  onChange,
}: {
  status: QuoteStatus | '';
  onChange: (status: QuoteStatus | '') => void;
}) {
  const id = useId();
  return (
    <div className="mb-4 max-w-xs">
      <label htmlFor={id} className="mb-1 block font-medium">
        Status
      </label>
      <select
        id={id}
        className="select select-bordered w-full"
        value={status}
        onChange={(event) => onChange(event.target.value as QuoteStatus | '')}
      >
        <option value="">All</option>
        {QUOTE_STATUSES.map((value) => (
          <option key={value} value={value}>
            {STATUS_LABELS[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
