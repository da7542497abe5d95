import { useLocation, useNavigate } from 'react-router';

interface FromState {
  from?: { pathname?: string; search?: string; hash?: string };
}

/** Only a path of this shop (never `//elsewhere`). */
export function safeReturnPath(path: string | null | undefined): string {
  return path && /^\/(?![/\\])/.test(path) ? path : '/';
}

/** docs/product.md §2: after signing in the user goes back to the page they came from, or to /. */
export function useReturnTo(): { path: string; go: (path?: string) => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as FromState | null)?.from;
  const path = safeReturnPath(from?.pathname && `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
  return { path, go: (target = path) => navigate(safeReturnPath(target), { replace: true }) };
}
