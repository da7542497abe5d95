import type { Session } from '@shop/contract/auth';
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { ApiError, apiRequest, setTokenSource } from '../../lib/api-client';
import { type StoredPunchout, usePunchout } from '../../lib/punchout-session';
import {
  ACCESS_TOKEN_KEY,
  clearSession,
  readSession,
  type StoredUser,
  tokenExpiry,
  writeSession,
} from './token-storage';

/** docs/product.md §4: loading, then signed in or signed out. */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: StoredUser; accessToken: string };

/** Refresh this long before the access token expires, so no request goes out with a stale one. */
const REFRESH_MARGIN_S = 60;

let state: SessionState = { status: 'loading' };
const listeners = new Set<() => void>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<string | null> | undefined;

const nowSeconds = () => Date.now() / 1000;
const fresh = (token: string) => tokenExpiry(token) - REFRESH_MARGIN_S > nowSeconds();

function setState(next: SessionState): void {
  state = next;
  clearTimeout(refreshTimer);
  if (next.status === 'signed-in') {
    const due = (tokenExpiry(next.accessToken) - REFRESH_MARGIN_S - nowSeconds()) * 1000;
    refreshTimer = setTimeout(() => void refresh(), Math.max(due, 0));
  }
  for (const listener of listeners) listener();
}

function adoptStored(): boolean {
  const stored = readSession();
  if (!stored?.user || !fresh(stored.accessToken)) return false;
  setState({ status: 'signed-in', user: stored.user, accessToken: stored.accessToken });
  return true;
}

function signedOutHere(): void {
  clearSession();
  setState({ status: 'signed-out' });
}

/**
 * Rotate the refresh token. Tabs share the stored tokens, and presenting a refresh token twice
 * revokes the whole sign-in (reuse detection), so one tab at a time refreshes (a Web Lock) and a
 * tab first looks whether another one already did.
 */
function refresh(): Promise<string | null> {
  refreshing ??= withLock(async () => {
    const held = state.status === 'signed-in' ? state.accessToken : undefined;
    const stored = readSession();
    if (stored && stored.accessToken !== held && adoptStored()) return stored.accessToken;
    if (!stored?.refreshToken) {
      signedOutHere();
      return null;
    }
    try {
      const { data } = await apiRequest<Session>('/api/auth/refresh', {
        method: 'POST',
        body: { refreshToken: stored.refreshToken },
      });
      signIn(data);
      return data.accessToken;
    } catch (error) {
      // A refused refresh token ends the sign-in; a network failure keeps it for the next try.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) signedOutHere();
      else if (state.status === 'loading') setState({ status: 'signed-out' });
      return null;
    }
  }).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

function withLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('shop-token-refresh', task) : task();
}

/** Read the stored sign-in once at start-up; refresh it when the access token has run out. */
export function startSession(): void {
  setTokenSource({
    accessToken: async () => {
      if (state.status === 'loading') await new Promise<void>((resolve) => whenSettled(resolve));
      if (state.status !== 'signed-in') return null;
      return fresh(state.accessToken) ? state.accessToken : refresh();
    },
    afterRejection: async (rejected) => {
      if (state.status === 'signed-in' && state.accessToken !== rejected) return state.accessToken;
      return refresh();
    },
  });
  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (event.key !== ACCESS_TOKEN_KEY && event.key !== null) return;
    if (!adoptStored() && !readSession()) setState({ status: 'signed-out' });
  });
  if (adoptStored()) return;
  if (readSession()?.refreshToken) void refresh();
  else setState({ status: 'signed-out' });
}

function whenSettled(resolve: () => void): void {
  const listener = () => {
    if (state.status === 'loading') return;
    listeners.delete(listener);
    resolve();
  };
  listeners.add(listener);
}

/** The sign-in as it stands, outside React. */
export function sessionState(): SessionState {
  return state;
}

/** After login, signup or Google: keep the tokens and show the user as signed in. */
export function signIn(session: Session): void {
  writeSession(session);
  setState({ status: 'signed-in', user: session.user, accessToken: session.accessToken });
}

/** Logout: the server revokes this sign-in's refresh tokens; the stored tokens are removed. */
export async function signOut(): Promise<void> {
  const refreshToken = readSession()?.refreshToken;
  signedOutHere();
  if (refreshToken) {
    await apiRequest('/api/auth/logout', { method: 'POST', body: { refreshToken } }).catch(() => undefined);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What a page rendered ahead of time shows (the page shell in index.html, a page the server
 * renders): a visitor's view, until the app has taken the page over. Tests give a signed-in one.
 */
export const RenderedSession = createContext<SessionState>({ status: 'signed-out' });

/**
 * The sign-in the pages see. In a punchout window it is the punchout session's buyer, its token
 * the one the API client sends (lib/punchout-session.ts): the window's pages are a buyer's pages,
 * while the sign-in kept for the shop's other tabs stays as it is.
 */
export function useSession(): SessionState {
  const rendered = useContext(RenderedSession);
  const punchout = usePunchout();
  // The rendered page's own value while the sign-in is still that one (a visitor's): React then
  // sees no change once it has taken the page over, and renders nothing again for it.
  const signIn = useSyncExternalStore(
    subscribe,
    () => (state.status === 'signed-out' && rendered.status === 'signed-out' ? rendered : state),
    () => rendered,
  );
  const buyer = useMemo(() => (punchout ? punchoutBuyer(punchout) : undefined), [punchout]);
  return buyer ?? signIn;
}

function punchoutBuyer({ token, session }: StoredPunchout): SessionState {
  return {
    status: 'signed-in',
    user: { uid: `punchout:${session.buyerEmail}`, name: session.buyerName, email: session.buyerEmail },
    accessToken: token,
  };
}
