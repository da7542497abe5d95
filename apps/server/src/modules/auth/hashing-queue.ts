import { AppError, RetryLaterError } from '../../http/app-error.js';

/**
 * Runs at most `concurrency` tasks at once and keeps the rest waiting in arrival order. At most
 * `maxWaiting` may wait: one more is refused at once (503 with `retry-after`), so a flood of
 * sign-ins costs a bounded amount of memory and every accepted one is answered in bounded time.
 */
export interface HashingQueue {
  /** Runs the task in its turn; one whose `signal` aborts while it waits (its client left) never runs. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export class HashingBusyError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(
      'unavailable',
      `Too many sign-ins at once. Please try again in ${retryAfterSeconds} seconds.`,
      retryAfterSeconds,
    );
  }
}

/** A task whose client left before its turn came: nobody is there to hear the answer. */
export class HashingAbandonedError extends AppError {
  constructor() {
    super('unavailable', 'The request was given up before its turn came');
  }
}

/** What a task takes until the first one has been timed (about one scrypt hash at the shop's cost). */
const FIRST_GUESS_MS = 1000;

export function hashingQueue(options: { concurrency: number; maxWaiting: number }): HashingQueue {
  const { concurrency, maxWaiting } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be at least 1');
  if (!Number.isInteger(maxWaiting) || maxWaiting < 0) throw new Error('maxWaiting must not be negative');
  const waiting: { go(): void; abandon(): void }[] = [];
  let running = 0;
  let averageMs = FIRST_GUESS_MS;

  /** How long until a request sent now would be served: everything ahead of it, `concurrency` at a time. */
  const retryAfterSeconds = () =>
    Math.max(1, Math.ceil(((running + waiting.length) * averageMs) / concurrency / 1000));

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) throw new HashingAbandonedError();
      if (running < concurrency && waiting.length === 0) {
        running++;
      } else {
        if (waiting.length >= maxWaiting) throw new HashingBusyError(retryAfterSeconds());
        // Woken by a task that ends: its place is handed over, so `running` already counts this one.
        await new Promise<void>((resolve, reject) => {
          const place = {
            go() {
              signal?.removeEventListener('abort', place.abandon);
              resolve();
            },
            abandon() {
              const at = waiting.indexOf(place);
              if (at >= 0) waiting.splice(at, 1);
              reject(new HashingAbandonedError());
            },
          };
          signal?.addEventListener('abort', place.abandon, { once: true });
          waiting.push(place);
        });
      }
      const started = performance.now();
      try {
        return await task();
      } finally {
        // A moving average of recent tasks, for the retry-after of refused ones.
        averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
        const next = waiting.shift();
        if (next) next.go();
        else running--;
      }
    },
  };
}
