/**
 * Where the sign-in is kept (SPEC.md §4): local storage, else session storage, else memory —
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

function usable(candidate: () => Storage): KeyValue | undefined {
  try {
    const storage = candidate();
    storage.setItem('__probe__', '1');
    storage.removeItem('__probe__');
    return storage;
  } catch {
    return undefined;
  }
}

export function pickStorage(
  candidates: (() => Storage)[] = [() => window.localStorage, () => window.sessionStorage],
): KeyValue {
  for (const candidate of candidates) {
    const storage = usable(candidate);
    if (storage) return storage;
  }
  return memoryStorage();
}

let storage: KeyValue | undefined;
const store = () => {
  storage ??= pickStorage();
  return storage;
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
  store().setItem(ACCESS_TOKEN_KEY, session.accessToken);
  if (session.refreshToken) store().setItem(REFRESH_TOKEN_KEY, session.refreshToken);
  if (session.user) store().setItem(USER_KEY, JSON.stringify(session.user));
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
