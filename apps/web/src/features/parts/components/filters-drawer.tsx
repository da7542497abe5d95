import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea';

/** Tab and Shift+Tab go round the open drawer's own fields, as in any dialog. */
function keepFocusIn(event: KeyboardEvent<HTMLElement>) {
  const fields = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const [first, last] = [fields[0], fields[fields.length - 1]];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The finder's choices: a column beside the results from 640 px; on a phone, a drawer over the
 * page that the "Filters (n)" button opens and "Show results" (or Escape) closes, a dialog that
 * keeps the focus while open. Rendered once, so each field exists once whatever the width. In a
 * browser that runs no scripts, the phone shows the choices above the results, without the drawer.
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
        className="btn btn-outline btn-sm mb-3 noscript:hidden sm:hidden"
        aria-expanded={open}
        aria-controls="finder-filters"
        onClick={() => setOpen(true)}
      >
        Filters ({count})
      </button>
      <aside
        id="finder-filters"
        aria-label="Filters"
        {...(open ? { role: 'dialog', 'aria-modal': true } : {})}
        onKeyDown={(event) => {
          if (open && event.key === 'Escape') close();
          if (open && event.key === 'Tab') keepFocusIn(event);
        }}
        className={`${open ? 'fixed inset-0 z-50 block overflow-y-auto bg-base-100 p-4' : 'hidden noscript:mb-6 noscript:block'} sm:static sm:z-auto sm:block sm:w-56 sm:shrink-0 sm:overflow-visible sm:bg-transparent sm:p-0 lg:w-64`}
      >
        <div className="mb-4 flex items-center justify-between gap-2 sm:hidden">
          <h2 className="text-lg font-semibold">Filters</h2>
          <button
            ref={closer}
            type="button"
            className="btn btn-primary btn-sm noscript:hidden"
            onClick={close}
          >
            {shown}
          </button>
        </div>
        {children}
      </aside>
    </>
  );
}
