import { Link } from 'react-router';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="footer footer-center mt-16 bg-neutral p-8 text-neutral-content">
      <nav aria-label="Footer">
        <Link to="/#about" className="link link-hover">
          About us
        </Link>
      </nav>
      <p>Copyright © {year} Electronics Tools Manufacturers. All rights reserved.</p>
    </footer>
  );
}
