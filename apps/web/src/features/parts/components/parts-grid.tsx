import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { STOREFRONT_PARTS, useParts } from '../api/get-parts';
import { PartCard } from './part-card';

const placeholderKeys = Array.from({ length: STOREFRONT_PARTS }, (_, i) => `placeholder-${i}`);

/**
 * The first 6 parts of the catalog (docs/product.md §9), as on the home page (under its h2) and /parts
 * (under its h1): `cardHeading` keeps the headings in order for screen readers. Under them, a link
 * to the whole catalog (/catalog) with the number of parts it lists.
 */
export function StorefrontParts({ cardHeading = 'h3' }: { cardHeading?: 'h2' | 'h3' }) {
  const { data, isPending, isError } = useParts({ limit: STOREFRONT_PARTS });
  if (isPending) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        {placeholderKeys.map((key) => (
          <div key={key} className="skeleton h-[32rem] w-full" />
        ))}
      </div>
    );
  }
  if (isError) return <p className="text-base-content/70">The parts could not be loaded.</p>;
  if (data.parts.length === 0) return <p>No parts are listed yet.</p>;
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {data.parts.map((part, i) => (
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
