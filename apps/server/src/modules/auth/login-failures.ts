import type { Database } from '../../db/database.js';
import { RateLimitedError } from '../../http/app-error.js';
import { type DatabaseRateLimitStore, databaseRateLimitStore, type WindowRule } from './failure-windows.js';
import type { KnownAddresses } from './known-addresses.js';

/** How many failed logins may be tried, and in what window (seconds). */
export interface LoginFailureRules {
  windowSeconds: number;
  /** From one address, whatever the accounts. */
  perIp: number;
  /** For one account from one address: what stops one address guessing one account's password. */
  perEmailPerIp: number;
  /**
   * For one account from every address: higher, so that one address cannot lock the owner out.
   * Counted twice over: once for the addresses the account signed in from (known-addresses.ts),
   * once for every other, so that strangers guessing from many addresses cannot lock the owner
   * out of theirs.
   */
  perEmail: number;
  /** For one account in an hour (ASVS 2.2.1: at most 100), counted apart for its own addresses too. */
  perEmailHour: number;
}

/**
 * Failures of a password check, counted in the database (shared by every server, kept across
 * restarts) before the password is checked: an attempt first takes a place in each of its windows,
 * all at once, and is refused with 429 without hashing anything when any is full. So parallel
 * wrong passwords can never check more than a limit allows. A check that succeeds gives its
 * places back.
 */
export function failuresCountedFirst(store: DatabaseRateLimitStore) {
  /**
   * Takes a place in every window (429 when one is full), then runs the check: a failed check
   * keeps its places; one that passes, or never ran (the hashing line was full, the client left),
   * gives them back.
   */
  return async (windows: WindowRule[], check: () => Promise<boolean>): Promise<boolean> => {
    const reserved = await store.reserve(windows);
    if ('fullUntil' in reserved) {
      throw new RateLimitedError(Math.max(1, Math.ceil((reserved.fullUntil - Date.now()) / 1000)));
    }
    let passed: boolean;
    try {
      passed = await check();
    } catch (error) {
      await store.release(reserved.held);
      throw error;
    }
    if (passed) await store.release(reserved.held);
    return passed;
  };
}

/**
 * Failed logins: per address, per account from one address, per account, per account per hour.
 * The two account-wide counts are kept apart for the account's own addresses (those it signed in
 * from, `known`) and for every other address: guessing spread over strangers' addresses meets
 * the account's ceiling there, while its owner still signs in from theirs. A login whose password
 * is right makes its address the account's own.
 */
export function loginFailures(db: Database, rules: LoginFailureRules, known: KnownAddresses) {
  const windowMs = rules.windowSeconds * 1000;
  const attempt = failuresCountedFirst(databaseRateLimitStore(db));
  return {
    async check(email: string, address: string, check: () => Promise<boolean>): Promise<boolean> {
      const account = (await known.has(email, address)) ? 'login-fail-own' : 'login-fail';
      const passed = await attempt(
        [
          { key: `login-fail-ip:${address}`, max: rules.perIp, windowMs },
          { key: `login-fail-email-ip:${email} ${address}`, max: rules.perEmailPerIp, windowMs },
          { key: `${account}-email:${email}`, max: rules.perEmail, windowMs },
          { key: `${account}-email-hour:${email}`, max: rules.perEmailHour, windowMs: 3_600_000 },
        ],
        check,
      );
      if (passed) await known.remember(email, address);
      return passed;
    },
  };
}

export type LoginFailures = ReturnType<typeof loginFailures>;

/** Wrong current passwords when changing it, per account: counted before the check like logins. */
export function passwordChangeFailures(db: Database, rule: { max: number; windowSeconds: number }) {
  const attempt = failuresCountedFirst(databaseRateLimitStore(db));
  return {
    check: (userId: string, check: () => Promise<boolean>) =>
      attempt(
        [{ key: `password-change-fail:${userId}`, max: rule.max, windowMs: rule.windowSeconds * 1000 }],
        check,
      ),
  };
}

export type PasswordChangeFailures = ReturnType<typeof passwordChangeFailures>;
