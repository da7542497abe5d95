import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="flex flex-col items-center gap-6 py-20 text-center">
      <title>Page not found — Electronics Tools Manufacturers</title>
      <h1 className="text-4xl font-bold text-primary">Oops! Page not found</h1>
      <p className="text-base-content/80">The page you asked for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Go home
      </Link>
    </section>
  );
}
