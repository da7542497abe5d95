import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { signOut, useSession } from '../features/auth/session';
import { usePunchout } from '../lib/punchout-session';

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

const links: NavItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/blog', label: 'Blog' },
  // product.md names the catalog's link Tools; the manufacturer's tool models follow it.
  { to: '/parts', label: 'Tools' },
  { to: '/tools', label: 'Tool models' },
  { to: '/portfolio', label: 'Portfolio' },
];
const guestLinks: NavItem[] = [
  { to: '/login', label: 'Login' },
  { to: '/signup', label: 'Signup' },
];
const memberLinks: NavItem[] = [{ to: '/dashboard', label: 'Dashboard' }];

/** The order builder's link, in its own chunk: only signed-in buyers see it, after the page's first paint. */
const CartLink = lazy(async () => ({
  default: (await import('../features/order-builder/components/cart-link')).CartLink,
}));

/**
 * docs/product.md §2: Dashboard and Logout when signed in, Login and Signup when not (nothing while
 * it loads). A punchout window has neither: its buyer came from the procurement system and goes back there.
 */
function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const punchout = usePunchout() !== null;
  const signedIn = session.status === 'signed-in' && !punchout;
  const signIn = signedIn ? memberLinks : session.status === 'signed-out' ? guestLinks : [];
  const items = [...links, ...(punchout ? [] : signIn)];
  const logout = (
    <li key="logout">
      <button
        type="button"
        onClick={() => {
          onNavigate?.();
          void signOut();
        }}
      >
        Logout
      </button>
    </li>
  );
  return [
    ...items.map((link) => <NavLinkItem key={link.to} link={link} onNavigate={onNavigate} />),
    signedIn && logout,
  ];
}

function NavLinkItem({ link, onNavigate }: { link: NavItem; onNavigate?: (() => void) | undefined }) {
  return (
    <li>
      <NavLink
        to={link.to}
        end={link.end ?? false}
        onClick={onNavigate}
        className={({ isActive }) => (isActive ? 'menu-active font-semibold' : '')}
      >
        {link.label}
      </NavLink>
    </li>
  );
}

/** The sticky bar at the top of every page. */
export function Navbar() {
  const signedIn = useSession().status === 'signed-in';
  const closeMenu = () => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  };
  return (
    <header className="sticky top-0 z-30 bg-base-100/95 shadow-sm backdrop-blur">
      <nav className="navbar mx-auto max-w-7xl px-2 sm:px-4" aria-label="Main">
        <div className="navbar-start max-lg:w-auto max-lg:min-w-0 max-lg:flex-1 lg:w-auto lg:shrink-0">
          <div className="dropdown lg:hidden">
            <button type="button" tabIndex={0} className="btn btn-ghost max-sm:px-2" aria-label="Menu">
              <svg
                aria-hidden="true"
                className="h-5 w-5"
                fill="none"
                viewBox="0 0 24 24"
                stroke="currentColor"
              >
                <path
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  strokeWidth="2"
                  d="M4 6h16M4 12h16M4 18h16"
                />
              </svg>
            </button>
            <ul className="menu dropdown-content z-40 mt-3 w-52 rounded-box bg-base-100 p-2 shadow">
              <NavItems onNavigate={closeMenu} />
            </ul>
          </div>
          <Link to="/" className="btn btn-ghost px-1 text-sm font-bold text-primary sm:px-2 sm:text-xl">
            Electronics Tools Manufacturers
          </Link>
        </div>
        <div className="navbar-end max-lg:w-auto lg:w-auto lg:flex-1">
          <ul className="menu menu-horizontal hidden flex-nowrap gap-0 px-1 lg:flex xl:gap-1">
            <NavItems />
          </ul>
          {signedIn && (
            <Suspense fallback={null}>
              <CartLink />
            </Suspense>
          )}
        </div>
      </nav>
    </header>
  );
}
