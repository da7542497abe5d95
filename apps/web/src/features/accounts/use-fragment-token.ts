import { useEffect, useState } from 'react';

/**
 * The `token` of a mailed link (`…#token=…`), read once after the page starts, then taken out of
 * the address bar and history, so it is neither bookmarked nor shown over a shoulder. `undefined`
 * until read; `null` when the address had none.
 */
export function useFragmentToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (found) window.history.replaceState(window.history.state, '', window.location.pathname);
    setToken((current) => current ?? found);
  }, []);
  return token;
}
