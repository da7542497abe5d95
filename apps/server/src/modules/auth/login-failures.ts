import type { DatabaseRateLimitStore, HeldPlace } from '../../http/database-rate-limit-store.js';
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
 * Failed logins, counted in the database (shared by every server, kept across restarts) before
 * the password is checked: a login first takes a place in each window, all at once, and is refused
 * with 429 without hashing anything when any is full. So parallel wrong passwords can never check
 * more than a limit allows. The places of a login that succeeds are given back.
 */
export function loginFailures(store: DatabaseRateLimitStore, rules: LoginFailureRules) {
  const windowMs = rules.windowSeconds * 1000;
  return {
    async attempt(email: string, ip: string): Promise<LoginAttempt> {
      const reserved = await store.reserve([
        { key: `login-fail-ip:${ip}`, max: rules.perIp, windowMs },
        { key: `login-fail-email-ip:${email} ${ip}`, max: rules.perEmailPerIp, windowMs },
        { key: `login-fail-email:${email}`, max: rules.perEmail, windowMs },
        { key: `login-fail-email-hour:${email}`, max: rules.perEmailHour, windowMs: 3_600_000 },
      ]);
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
    },
  };
}

export type LoginFailures = ReturnType<typeof loginFailures>;
