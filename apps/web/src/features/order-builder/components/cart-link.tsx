import { NavLink } from 'react-router';
import { useIsAdmin, useSession } from '../../auth';
import { useBuilderLines } from '../store';

/**
 * The navbar's link to the order builder, with its number of lines: for signed-in buyers only.
 * The role is asked for only once someone is signed in.
 */
export function CartLink({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  return session.status === 'signed-in' ? <BuyerCartLink onNavigate={onNavigate} /> : null;
}

function BuyerCartLink({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const { loading, admin } = useIsAdmin();
  const count = useBuilderLines().length;
  if (loading || admin) return null;
  return (
    <NavLink
      to="/order"
      onClick={onNavigate}
      className={({ isActive }) =>
        `btn btn-ghost btn-sm relative gap-1 max-sm:btn-square ${isActive ? 'btn-active' : ''}`
      }
      aria-label={`Order: ${count === 1 ? '1 line' : `${count} lines`}`}
    >
      <svg aria-hidden="true" className="h-5 w-5" fill="none" viewBox="0 0 24 24" stroke="currentColor">
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          strokeWidth="2"
          d="M3 3h2l.4 2M7 13h10l4-8H5.4M7 13 5.4 5M7 13l-2.3 2.3c-.6.6-.2 1.7.7 1.7H17m0 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm-8 2a2 2 0 1 1-4 0 2 2 0 0 1 4 0Z"
        />
      </svg>
      <span className="max-sm:hidden">Order</span>
      {/* A space between the word and the number, which the flex row does not show: the link's
          text then reads "Order 2", within its name "Order: 2 lines", as voice control needs. */}{' '}
      <span className="badge badge-primary badge-sm max-sm:absolute max-sm:-top-1.5 max-sm:-right-2 max-sm:badge-xs">
        {count}
      </span>
    </NavLink>
  );
}
