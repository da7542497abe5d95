import { useEffect, useState } from 'react';
import { useFragmentToken } from './use-fragment-token';

const KEY = 'shop.pending-verification';

function stored(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Forgets the verification link's token kept for this tab (used, refused or done). */
export function forgetPendingVerification() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window): nothing was kept.
  }
}

/**
 * The token of the verification link this tab opened: from the address's fragment, else the one
 * kept in this tab while its reader signs in first (the link verifies only in a session of its
 * account). Kept in the tab's session storage, never in an address a server sees.
 * `undefined` until read; `null` when there is none.
 */
export function usePendingVerification(): string | null | undefined {
  const fragment = useFragmentToken();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (fragment === undefined) return;
    if (fragment) {
      try {
        window.sessionStorage.setItem(KEY, fragment);
      } catch {
        // Storage refused: the token still works on this page.
      }
    }
    setToken(fragment ?? stored());
  }, [fragment]);
  return token;
}
