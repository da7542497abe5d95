import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * The finder's choices: a column beside the results from 640 px; on a phone, a drawer over the
 * page that the "Filters (n)" button opens and "Show results" (or Escape) closes. Rendered once,
 * so each field exists once whatever the width.
 */
export function FiltersDrawer({
  count,
  shown,
  children,
}: {
  /** The choices made, as the button counts them. */
  count: number;
  /** What closing it shows ("Show 12 parts"). */
  shown: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  useEffect(() => {
    if (open) closer.current?.focus();
  }, [open]);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="btn btn-outline btn-sm mb-3 sm:hidden"
        aria-expanded={open}
        aria-controls="finder-filters"
        onClick={() => setOpen(true)}
      >
        Filters ({count})
      </button>
      <aside
        id="finder-filters"
        aria-label="Filters"
        onKeyDown={(event) => {
          if (open && event.key === 'Escape') close();
        }}
        className={`${open ? 'fixed inset-0 z-50 block overflow-y-auto bg-base-100 p-4' : 'hidden'} sm:static sm:z-auto sm:block sm:w-56 sm:shrink-0 sm:overflow-visible sm:bg-transparent sm:p-0 lg:w-64`}
      >
        <div className="mb-4 flex items-center justify-between gap-2 sm:hidden">
          <h2 className="text-lg font-semibold">Filters</h2>
          <button ref={closer} type="button" className="btn btn-primary btn-sm" onClick={close}>
            {shown}
          </button>
        </div>
        {children}
      </aside>
    </>
  );
}
