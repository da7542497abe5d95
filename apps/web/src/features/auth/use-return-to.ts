import { useLocation, useNavigate } from 'react-router';

interface FromState {
  from?: { pathname?: string; search?: string; hash?: string };
}

/** SPEC.md §2: after signing in the user goes back to the page they came from, or to /. */
export function useReturnTo(): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as FromState | null)?.from;
  const target = from?.pathname?.startsWith('/')
    ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
    : '/';
  return () => navigate(target, { replace: true });
}
