import { Link } from 'react-router';
import { isPlainClick } from '../../lib/plain-click';

/**
 * Previous/next through a paged list, with where the reader is. With `hrefOf` (a page's address
 * from its offset) they are links: each page has its own address, opens in a new tab, and works
 * before the app runs; `onChange`, if given too, is then what a click does once it runs.
 * Without `hrefOf` they are buttons calling `onChange`.
 */
export function Pager({
  offset,
  limit,
  total,
  onChange,
  hrefOf,
  totalText,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange?: (offset: number) => void;
  hrefOf?: (offset: number) => string;
  /** What the list holds, after where the reader is ("24 tool models"). */
  totalText?: string;
}) {
  if (total <= limit) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.ceil(total / limit);
  const step = (label: string, to: number, enabled: boolean) => {
    if (!hrefOf)
      return (
        <button type="button" className="btn btn-sm" disabled={!enabled} onClick={() => onChange?.(to)}>
          {label}
        </button>
      );
    if (!enabled)
      return (
        <span className="btn btn-sm btn-disabled" aria-disabled="true">
          {label}
        </span>
      );
    return (
      <Link
        className="btn btn-sm"
        to={hrefOf(to)}
        onClick={(event) => {
          // A click meant for a new tab or window stays the link's.
          if (!onChange || !isPlainClick(event)) return;
          event.preventDefault();
          onChange(to);
        }}
      >
        {label}
      </Link>
    );
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center gap-3">
      {step('Previous', Math.max(0, offset - limit), page > 1)}
      <span className="text-sm" aria-live="polite">
        Page {page} of {pages}
        {totalText ? ` (${totalText})` : ''}
      </span>
      {step('Next', offset + limit, page < pages)}
    </nav>
  );
}
