import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { RetryLaterError } from './app-error.js';

/** A limit: at most `max` attempts per key in a fixed window of `windowSeconds`. */
export interface RateLimitRule {
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Where the counts of a rule are kept: makes its rate-limiter-flexible limiter, which answers a
 * consumed point with a RateLimiterRes and refuses one past the limit with a RateLimiterRes too.
 * In this server's memory here; in Redis, shared by every server, in redis-rate-limit-store.ts.
 */
export type RateLimitStore = (rule: RateLimitRule) => {
  consume(key: string): Promise<RateLimiterRes>;
};

export const memoryRateLimitStore =
  (): RateLimitStore =>
  ({ name, max, windowSeconds }) =>
    new RateLimiterMemory({ keyPrefix: name, points: max, duration: windowSeconds });

export class RateLimitedError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super('rate_limited', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, retryAfterSeconds);
  }
}

export interface RateLimit {
  /** Counts one attempt for the key; throws 429 once the limit is passed. */
  consume(key: string): Promise<void>;
}

export function rateLimit(store: RateLimitStore, rule: RateLimitRule): RateLimit {
  const limiter = store(rule);
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        throw new RateLimitedError(Math.max(1, Math.ceil(refused.msBeforeNext / 1000)));
      }
    },
  };
}
