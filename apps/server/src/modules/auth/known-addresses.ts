import type { Database } from '../../db/database.js';
import { databaseRateLimitStore } from './failure-windows.js';

/** How long an address stays the account's own after it last signed in from there (30 days). */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

/**
 * The addresses an account has signed in from (a right password, a sign-up, a refresh, a finished
 * password reset) in the last 30 days, by email: the owner's addresses. The account-wide limits
 * count attempts from those apart from every other address (login-failures.ts, the password
 * reset's mails), so strangers guessing from elsewhere fill their own counts and never the
 * owner's. Only a sign-in makes an address known, so a stranger cannot make one of theirs known
 * without the password; asking is by email before the account is looked up, the same whether or
 * not it exists. Kept with the failed-login counters in the database (`rate_limit_windows`).
 */
export interface KnownAddresses {
  /** Whether the account of `email` signed in from `address` in the last 30 days. */
  has(email: string, address: string): Promise<boolean>;
  /** The account of `email` signed in from `address` now: its own for the next 30 days. */
  remember(email: string, address: string): Promise<void>;
}

export function knownAddresses(db: Database): KnownAddresses {
  const store = databaseRateLimitStore(db);
  const key = (email: string, address: string) => `signed-in:${email} ${address}`;
  return {
    has: (email, address) => store.remembers(key(email, address)),
    remember: (email, address) => store.remember(key(email, address), KNOWN_ADDRESS_MS),
  };
}
