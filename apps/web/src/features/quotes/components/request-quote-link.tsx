import { Link } from 'react-router';
import { quoteRequestPath } from '../quote-lines';

/**
 * "Request a quote" for lines whose quantities (in range or not) the buyer wants a price for: the
 * request page with them filled in. `strong` when ordering them as they are cannot be done (a
 * quantity out of range, a total above the card limit).
 */
export function RequestQuoteLink({
  lines,
  strong = false,
  size = '',
  className,
}: {
  lines: readonly { partsId: string; quantity: number | string; reference?: string | number | undefined }[];
  strong?: boolean;
  /** A daisyUI size beside buttons of that size ('btn-sm'). */
  size?: string;
  className?: string;
}) {
  return (
    <Link
      to={quoteRequestPath(lines)}
      className={className ?? `btn ${size} ${strong ? 'btn-secondary' : 'btn-outline'}`}
    >
      Request a quote
    </Link>
  );
}
