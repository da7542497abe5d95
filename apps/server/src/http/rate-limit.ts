import { RetryLaterError } from './app-error.js';

/** Counts hits per key in fixed windows. The memory store serves one server; a shared store serves several. */
export interface RateLimitStore {
  /** Adds `amount` hits to the key's current window; answers the count and when the window ends (ms). */
  hit(key: string, windowMs: number, amount?: number): Promise<{ count: number; resetAt: number }>;
  peek(key: string): Promise<{ count: number; resetAt: number } | undefined>;
}

export function memoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = () => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };
  return {
    async hit(key, windowMs, amount = 1) {
      const now = Date.now();
      if (windows.size > 50_000) sweep();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += amount;
      return { ...window };
    },
    async peek(key) {
      const window = windows.get(key);
      return window && window.resetAt > Date.now() ? { ...window } : undefined;
    },
  };
}

export class RateLimitedError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super('rate_limited', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, retryAfterSeconds);
  }
}

export interface RateLimit {
  /** Counts one attempt for the key; throws 429 once the limit is passed. */
  consume(key: string): Promise<void>;
}

export function rateLimit(
  store: RateLimitStore,
  rule: { name: string; max: number; windowSeconds: number },
): RateLimit {
  const windowMs = rule.windowSeconds * 1000;
  return {
    async consume(key) {
      const window = await store.hit(`${rule.name}:${key}`, windowMs);
      if (window.count > rule.max) {
        throw new RateLimitedError(Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000)));
      }
    },
  };
}
