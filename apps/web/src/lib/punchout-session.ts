import type { PunchoutSession } from '@shop/contract/punchout';
import { PUNCHOUT_TOKEN_PREFIX } from '@shop/contract/punchout-words';
import { useSyncExternalStore } from 'react';

/**
 * A punchout session (docs/api.md, "Punchout"): a company's procurement system opened the shop in a
 * window of its own for one of its buyers. It is kept in this window's session storage, never in
 * local storage: another tab keeps the normal sign-in, and closing the window ends the punchout.
 * While it is kept, every API call carries its `po_` token (lib/api-client.ts).
 */
export interface StoredPunchout {
  token: string;
  session: PunchoutSession;
}

const KEY = 'shop.punchout';
/** Set when the server refused the session (ended or expired), until a new one begins. */
const ENDED_KEY = 'shop.punchout.ended';

const listeners = new Set<() => void>();
let cached: StoredPunchout | null | undefined;
let ended: boolean | undefined;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // refused (a policy): the punchout lives in memory for this page
  }
}

function isStored(value: unknown): value is StoredPunchout {
  const stored = value as StoredPunchout | null;
  return (
    typeof stored?.token === 'string' &&
    stored.token.startsWith(PUNCHOUT_TOKEN_PREFIX) &&
    typeof stored.session?.companyName === 'string' &&
    typeof stored.session.buyerName === 'string'
  );
}

/** The token in a StartPage address's fragment (`#token=po_…`), or null when it holds none. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token?.startsWith(PUNCHOUT_TOKEN_PREFIX) && token.length > PUNCHOUT_TOKEN_PREFIX.length
    ? token
    : null;
}

/** The punchout this window is in, or null. */
export function readPunchout(): StoredPunchout | null {
  if (cached !== undefined) return cached;
  try {
    const kept: unknown = JSON.parse(storage()?.getItem(KEY) ?? 'null');
    cached = isStored(kept) ? kept : null;
  } catch {
    cached = null;
  }
  return cached;
}

/** The punchout session's token while there is one: the API client sends it for every call. */
export function punchoutToken(): string | null {
  return readPunchout()?.token ?? null;
}

/** Whether the server ended this window's punchout (and no new one began since). */
export function punchoutEnded(): boolean {
  ended ??= storage()?.getItem(ENDED_KEY) === '1';
  return ended;
}

function changed(): void {
  for (const listener of listeners) listener();
}

/** A procurement system opened the shop: this window is now in that punchout. */
export function startPunchout(next: StoredPunchout): void {
  cached = next;
  ended = false;
  try {
    storage()?.setItem(KEY, JSON.stringify(next));
    storage()?.removeItem(ENDED_KEY);
  } catch {
    // full or refused: kept in memory for this page
  }
  changed();
}

/**
 * The punchout is over: `ended` when the server refused its token (the window then says so until a
 * new punchout begins), not when the lines went to the procurement system.
 */
export function endPunchout({ ended: refused = false }: { ended?: boolean } = {}): void {
  cached = null;
  ended = refused;
  try {
    storage()?.removeItem(KEY);
    if (refused) storage()?.setItem(ENDED_KEY, '1');
    else storage()?.removeItem(ENDED_KEY);
  } catch {
    // refused: forgotten in memory all the same
  }
  changed();
}

/**
 * The lines went to the procurement system, whose page is about to replace the shop's: the session
 * is no longer kept (a reload or a return here is no punchout), while this page, leaving, stays as it is.
 */
export function forgetStoredPunchout(): void {
  try {
    storage()?.removeItem(KEY);
    storage()?.removeItem(ENDED_KEY);
  } catch {
    // refused: nothing was kept
  }
}

/** Follows the punchout's start and end (the order builder keeps a punchout's lines apart). */
export function subscribePunchout(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The punchout this window is in; a page the server renders shows none. */
export function usePunchout(): StoredPunchout | null {
  return useSyncExternalStore(subscribePunchout, readPunchout, () => null);
}

/** Whether to say that this window's punchout session has ended. */
export function usePunchoutEnded(): boolean {
  return useSyncExternalStore(subscribePunchout, punchoutEnded, () => false);
}
