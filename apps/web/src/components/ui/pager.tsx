/** Previous/next through a paged list, with where the reader is. */
export function Pager({
  offset,
  limit,
  total,
  onChange,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
}) {
  if (total <= limit) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.ceil(total / limit);
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
      <button
        type="button"
        className="btn btn-sm"
        disabled={page <= 1}
        onClick={() => onChange(offset - limit)}
      >
        Previous
      </button>
      <span className="text-sm" aria-live="polite">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn btn-sm"
        disabled={page >= pages}
        onClick={() => onChange(offset + limit)}
      >
        Next
      </button>
    </nav>
  );
}
