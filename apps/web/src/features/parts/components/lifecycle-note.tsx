import type { Part } from '@shop/contract/parts';
import { Link } from 'react-router';
import { productPath } from './part-card';

/**
 * A part that is not active, as its result and its page say it: "Not recommended for new
 * designs", or "Obsolete — replaced by …" linking the part to take instead. Nothing for an active part.
 */
export function LifecycleNote({
  part,
  replacement,
}: {
  part: Pick<Part, 'lifecycle' | 'replacementId'>;
  /** The replacement's name, when it could be read. */
  replacement?: Pick<Part, '_id' | 'name'> | null | undefined;
}) {
  if (part.lifecycle === 'active') return null;
  const link = part.replacementId ? (
    <Link to={productPath(part.replacementId)} className="link link-primary font-medium">
      {replacement?.name ?? 'its replacement'}
    </Link>
  ) : null;
  if (part.lifecycle === 'nrnd')
    return (
      <p className="text-sm">
        <span className="badge badge-warning h-auto whitespace-normal">Not recommended for new designs</span>
        {link && <> Take {link} for new designs.</>}
      </p>
    );
  return (
    <p className="text-sm">
      <span className="badge badge-error h-auto whitespace-normal">Obsolete</span>
      {link && <> — replaced by {link}</>}
    </p>
  );
}
