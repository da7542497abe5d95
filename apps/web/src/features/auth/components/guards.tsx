import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useIsAdmin } from '../api/check-admin';
import { signOut, useSession } from '../session';

/** docs/product.md §2: progress bar while the sign-in loads; signed out → /login (replacing history) with `from`. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <ProgressBar label="Checking your sign-in" />;
  if (session.status === 'signed-out') return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}

/** docs/product.md §6: a non-admin on an admin page is logged out and sent to /login. */
export function RequireAdmin() {
  const { loading, admin } = useIsAdmin();
  const refused = !loading && !admin;
  useEffect(() => {
    if (refused) void signOut();
  }, [refused]);
  if (loading) return <ProgressBar label="Checking your role" />;
  if (refused) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** docs/product.md §2, §6: pages for buyers only; an admin is sent to `redirectTo`. */
export function RequireNonAdmin({ redirectTo }: { redirectTo: string }) {
  const { loading, admin } = useIsAdmin();
  if (loading) return <ProgressBar label="Checking your role" />;
  if (admin) return <Navigate to={redirectTo} replace />;
  return <Outlet />;
}
