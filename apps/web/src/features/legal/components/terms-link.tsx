import { Link } from 'react-router';

/** Under a checkout's button: what placing the order accepts, opened beside the order so nothing typed is lost. */
export function TermsLink() {
  return (
    <p className="text-sm text-base-content/80">
      By placing the order you accept our{' '}
      <Link className="link" to="/terms" target="_blank" rel="noopener">
        Terms of sale
      </Link>
      .
    </p>
  );
}
