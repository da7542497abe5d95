/**
 * Where the sign-in is kept (docs/product.md §4): local storage, else session storage, else memory —
 * whichever first works in this browser. The access token is under the key 'accessToken'.
 */
export const ACCESS_TOKEN_KEY = 'accessToken';
const REFRESH_TOKEN_KEY = 'refreshToken';
const USER_KEY = 'authUser';

export interface StoredUser {
  uid: string;
  name: string;
  email: string;
}

interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function memoryStorage(): KeyValue {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/**
 * Whether a storage can be used: read, or written (a write and its removal). Reading alone is what
 * every start of the app needs; a write at every start cost a phone milliseconds of its main
 * thread, so it is tried only before the sign-in is first written.
 */
function usable(candidate: () => Storage, use: 'read' | 'write'): KeyValue | undefined {
  try {
    const storage = candidate();
    if (use === 'read') {
      storage.getItem(ACCESS_TOKEN_KEY);
    } else {
      storage.setItem('__probe__', '1');
      storage.removeItem('__probe__');
    }
    return storage;
  } catch {
    return undefined;
  }
}

export function pickStorage(
  candidates: (() => Storage)[] = [() => window.localStorage, () => window.sessionStorage],
  use: 'read' | 'write' = 'write',
): KeyValue {
  for (const candidate of candidates) {
    const storage = usable(candidate, use);
    if (storage) return storage;
  }
  return memoryStorage();
}

let storage: KeyValue | undefined;
let writable = false;
const store = () => {
  storage ??= pickStorage(undefined, 'read');
  return storage;
};
/** The storage to write to: the first that takes a write, which is then also the one read. */
const writableStore = () => {
  if (!writable) {
    storage = pickStorage(undefined, 'write');
    writable = true;
  }
  return store();
};

export interface StoredSession {
  accessToken: string;
  refreshToken: string | null;
  user: StoredUser | null;
}

export function readSession(): StoredSession | null {
  const accessToken = store().getItem(ACCESS_TOKEN_KEY);
  if (!accessToken) return null;
  let user: StoredUser | null = null;
  try {
    user = JSON.parse(store().getItem(USER_KEY) ?? 'null') as StoredUser | null;
  } catch {
    user = null;
  }
  return { accessToken, refreshToken: store().getItem(REFRESH_TOKEN_KEY), user };
}

export function writeSession(session: {
  accessToken: string;
  refreshToken?: string;
  user?: StoredUser;
}): void {
  const target = writableStore();
  target.setItem(ACCESS_TOKEN_KEY, session.accessToken);
  if (session.refreshToken) target.setItem(REFRESH_TOKEN_KEY, session.refreshToken);
  if (session.user) target.setItem(USER_KEY, JSON.stringify(session.user));
}

export function clearSession(): void {
  for (const key of [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, USER_KEY]) store().removeItem(key);
}

/** Seconds since the epoch at which a JWT expires (0 when it cannot be read). */
export function tokenExpiry(token: string): number {
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' ? payload.exp : 0;
  } catch {
    return 0;
  }
}
