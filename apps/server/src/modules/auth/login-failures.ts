import type { DatabaseRateLimitStore, HeldPlace, WindowRule } from '../../http/database-rate-limit-store.js';
import { RateLimitedError } from '../../http/rate-limit.js';

/** How many failed logins may be tried, and in what window (seconds). */
export interface LoginFailureRules {
  windowSeconds: number;
  /** From one address, whatever the accounts. */
  perIp: number;
  /** For one account from one address: what stops one address guessing one account's password. */
  perEmailPerIp: number;
  /** For one account from every address: higher, so that one address cannot lock the owner out. */
  perEmail: number;
  /** For one account in an hour (ASVS 2.2.1: at most 100). */
  perEmailHour: number;
}

/** The places a login holds while its password is checked: kept when it fails, given back when it does not. */
export interface LoginAttempt {
  /** The password was wrong (or the account unknown): the places stay taken. */
  failed(): void;
  /** The login succeeded, or was never checked (the hashing line was full, the client left). */
  giveBack(): Promise<void>;
}

/**
 * Failures of a password check, counted in the database (shared by every server, kept across
 * restarts) before the password is checked: an attempt first takes a place in each of its windows,
 * all at once, and is refused with 429 without hashing anything when any is full. So parallel
 * wrong passwords can never check more than a limit allows. A check that succeeds gives its
 * places back.
 */
export function failuresCountedFirst(store: DatabaseRateLimitStore) {
  return async (windows: WindowRule[]): Promise<LoginAttempt> => {
    const reserved = await store.reserve(windows);
    if ('fullUntil' in reserved) {
      throw new RateLimitedError(Math.max(1, Math.ceil((reserved.fullUntil - Date.now()) / 1000)));
    }
    let held: HeldPlace[] = reserved.held;
    return {
      failed() {
        held = [];
      },
      async giveBack() {
        const places = held;
        held = [];
        await store.release(places);
      },
    };
  };
}

/** Failed logins: per address, per account from one address, per account, per account per hour. */
export function loginFailures(store: DatabaseRateLimitStore, rules: LoginFailureRules) {
  const windowMs = rules.windowSeconds * 1000;
  const attempt = failuresCountedFirst(store);
  return {
    attempt: (email: string, ip: string) =>
      attempt([
        { key: `login-fail-ip:${ip}`, max: rules.perIp, windowMs },
        { key: `login-fail-email-ip:${email} ${ip}`, max: rules.perEmailPerIp, windowMs },
        { key: `login-fail-email:${email}`, max: rules.perEmail, windowMs },
        { key: `login-fail-email-hour:${email}`, max: rules.perEmailHour, windowMs: 3_600_000 },
      ]),
  };
}

export type LoginFailures = ReturnType<typeof loginFailures>;

/** Wrong current passwords when changing it, per account: counted before the check like logins. */
export function passwordChangeFailures(
  store: DatabaseRateLimitStore,
  rule: { max: number; windowSeconds: number },
) {
  const attempt = failuresCountedFirst(store);
  return {
    attempt: (userId: string) =>
      attempt([
        { key: `password-change-fail:${userId}`, max: rule.max, windowMs: rule.windowSeconds * 1000 },
      ]),
  };
}

export type PasswordChangeFailures = ReturnType<typeof passwordChangeFailures>;
