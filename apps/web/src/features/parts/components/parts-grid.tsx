import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { loadData, type PartsPage } from '../../../lib/server-data';
import { partsQuery, STOREFRONT_PARTS } from '../api/get-parts';
import { useBuyerPartPrices } from '../api/storefront-prices';
import { PartCard } from './part-card';

/** The storefront's parts, for the loader of a page that shows them (the home page, /parts). */
export const loadStorefront = (context: unknown) =>
  loadData(
    context,
    (data) => data.parts({ limit: STOREFRONT_PARTS }),
    partsQuery({ limit: STOREFRONT_PARTS }),
  );

/**
 * The first 6 parts of the catalog (docs/product.md §9), as on the home page (under its h2) and /parts
 * (under its h1): `cardHeading` keeps the headings in order for screen readers. Under them, a link
 * to the whole catalog (/catalog) with the number of parts it lists.
 */
export function StorefrontParts({
  data,
  cardHeading = 'h3',
}: {
  /** null when they could not be read. */
  data: PartsPage | null;
  cardHeading?: 'h2' | 'h3';
}) {
  // A member sees their company's prices on the cards.
  const parts = useBuyerPartPrices(data?.parts ?? [], { limit: STOREFRONT_PARTS });
  if (!data) return <p className="text-base-content/70">The parts could not be loaded.</p>;
  if (data.parts.length === 0) return <p>No parts are listed yet.</p>;
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {parts.map((part, i) => (
          <PartCard key={part._id} part={part} eager={i < 3} Heading={cardHeading} />
        ))}
      </div>
      <p className="mt-6 text-center">
        <Link to="/catalog" className="btn btn-outline btn-primary">
          See all {formatCount(data.total)} parts
        </Link>
      </p>
    </>
  );
}
