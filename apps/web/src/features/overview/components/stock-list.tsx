import type { StockPartList } from '@shop/contract/overview';
import { Link } from 'react-router';
import { formatPieces } from '../../../lib/format';

/** Parts short of stock, fewest pieces first, each with the way to restock it. */
export function StockList({
  id,
  title,
  rule,
  list,
  empty,
}: {
  id: string;
  title: string;
  rule: string;
  list: StockPartList;
  empty: string;
}) {
  return (
    <section aria-labelledby={id} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h2 id={id} className="card-title text-lg">
          {title} <span className="badge badge-neutral">{list.total}</span>
        </h2>
        <p className="text-sm text-base-content/70">{rule}</p>
        {list.parts.length === 0 ? (
          <p>{empty}</p>
        ) : (
          <ul className="divide-y divide-base-300">
            {list.parts.map((part) => (
              <li key={part._id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="break-words font-medium">{part.name}</p>
                  <p className="text-sm text-base-content/70">
                    {formatPieces(part.available_quantity)} left, minimum order{' '}
                    {formatPieces(part.min_order_quantity)}
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
        {list.total > list.parts.length && (
          <p className="text-sm">
            The {list.parts.length} with the fewest pieces of {list.total}.
          </p>
        )}
      </div>
    </section>
  );
}
