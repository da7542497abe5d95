import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A card of the overview that lists parts needing the admin (short of stock, waited for): its
 * title with how many there are and any `badges`, the rule that picks them, then each listed part
 * with `note(part)` and the way to its edit page (where stock is received and batches planned),
 * marked when `urgent(part)`; `empty` when none is listed, and how many of `total` are listed when
 * not all. `children` follow the list.
 */
export function PartsCard<Part extends { _id: string; name: string }>({
  id,
  title,
  badges,
  rule,
  parts,
  total,
  which,
  note,
  urgent = () => false,
  empty,
  selfStart = false,
  children,
}: {
  id: string;
  title: string;
  badges?: ReactNode;
  rule: string;
  parts: Part[];
  total: number;
  /** Which parts are listed when not all are: 'The 5 <which> of 12.' */
  which: string;
  note: (part: Part) => ReactNode;
  urgent?: (part: Part) => boolean;
  empty?: string;
  /** The card keeps its own height in a row of cards. */
  selfStart?: boolean;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`card ${selfStart ? 'self-start ' : ''}border border-base-300 bg-base-100`}
    >
      <div className="card-body gap-3 p-4">
        <h2 id={id} className="card-title text-lg">
          {title} <span className="badge badge-neutral">{total}</span>
          {badges}
        </h2>
        <p className="text-sm text-base-content/70">{rule}</p>
        {parts.length === 0 ? (
          empty && <p>{empty}</p>
        ) : (
          <ul className="divide-y divide-base-300">
            {parts.map((part) => (
              <li
                key={part._id}
                className={`flex items-center justify-between gap-3 py-2${urgent(part) ? ' border-l-4 border-error pl-2' : ''}`}
              >
                <div className="min-w-0">
                  <p className="break-words font-medium">{part.name}</p>
                  <p
                    className={`text-sm ${urgent(part) ? 'font-medium text-error' : 'text-base-content/70'}`}
                  >
                    {note(part)}
                  </p>
                </div>
                <Link
                  to={`/dashboard/edit-product/${part._id}`}
                  className="btn btn-outline btn-xs shrink-0"
                  aria-label={`Edit ${part.name}`}
                >
                  Edit
                </Link>
              </li>
            ))}
          </ul>
        )}
        {total > parts.length && <p className="text-sm">{`The ${parts.length} ${which} of ${total}.`}</p>}
        {children}
      </div>
    </section>
  );
}
