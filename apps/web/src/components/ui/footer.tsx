import { Link } from 'react-router';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="footer footer-center mt-16 bg-neutral p-8 text-neutral-content max-sm:grid-flow-row">
      <nav aria-label="Footer" className="flex flex-wrap justify-center gap-x-6 gap-y-2">
        <Link to="/#about" className="link link-hover">
          About us
        </Link>
        <Link to="/terms" className="link link-hover">
          Terms of sale
        </Link>
        <Link to="/privacy" className="link link-hover">
          Privacy notice
        </Link>
        <Link to="/imprint" className="link link-hover">
          Imprint
        </Link>
      </nav>
      <p>Copyright © {year} Electronics Tools Manufacturers. All rights reserved.</p>
    </footer>
  );
}
