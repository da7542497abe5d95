import { AppError, RetryLaterError } from '../../http/app-error.js';

/**
 * Runs at most `concurrency` tasks at once; the rest wait, in turns between the addresses that
 * asked (round robin: each address's own requests in the order they came). At most `maxWaiting`
 * wait in all and `maxWaitingPerOwner` for one address: one more is refused at once (503 with
 * `retry-after`). So a flood costs bounded memory, every accepted request is answered in bounded
 * time, and one address flooding holds a share of the line, never all of it, while a request
 * from anyone else waits for at most one task per other address ahead of it.
 */
export interface HashingQueue {
  /** Runs the task in its turn; one whose `signal` aborts while it waits (its client left) never runs. */
  run<T>(
    task: () => Promise<T>,
    asker?: { signal?: AbortSignal | undefined; owner?: string | undefined },
  ): Promise<T>;
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

/** What a task takes until the first one has been timed (about one argon2 hash at the shop's cost). */
const FIRST_GUESS_MS = 50;

interface Place {
  go(): void;
  abandon(): void;
}

/** While the shop is busy, a hash runs alone and its slot then rests this many times its length. */
const REST_FACTOR = 9;

export function hashingQueue(options: {
  concurrency: number;
  maxWaiting: number;
  maxWaitingPerOwner?: number;
  /**
   * Whether the shop's event loop is busy serving other requests (see `busyShop`): hashes
   * then yield to it, one at a time and a tenth of the time, and take every slot again once it
   * is not. Never busy unless told.
   */
  shopIsBusy?: () => boolean;
}): HashingQueue {
  const { concurrency, maxWaiting, shopIsBusy = () => false } = options;
  const perOwner = options.maxWaitingPerOwner ?? maxWaiting;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be at least 1');
  if (!Number.isInteger(maxWaiting) || maxWaiting < 0) throw new Error('maxWaiting must not be negative');
  // Each address's line; the Map's order is the round: the next task comes from the first
  // address, which then goes to the back if it has more waiting.
  const lines = new Map<string, Place[]>();
  let waiting = 0;
  let running = 0;
  let averageMs = FIRST_GUESS_MS;
  let restUntil = 0;
  let recheck: NodeJS.Timeout | undefined;

  /** How long until a request sent now would be served: everything ahead of it, `concurrency` at a time. */
  const retryAfterSeconds = () =>
    Math.max(1, Math.ceil(((running + waiting) * averageMs) / concurrency / 1000));

  /** How many may run now: every slot, or while the shop is busy one, after its rest. */
  const allowed = () => {
    if (!shopIsBusy()) return concurrency;
    return performance.now() >= restUntil ? 1 : 0;
  };

  const next = (): Place | undefined => {
    const first = lines.entries().next();
    if (first.done) return undefined;
    const [owner, line] = first.value;
    const place = line.shift();
    lines.delete(owner);
    if (line.length > 0) lines.set(owner, line);
    waiting--;
    return place;
  };

  /** Starts waiting tasks while there is room; with tasks left waiting and none running, looks again shortly. */
  const pump = () => {
    while (waiting > 0 && running < allowed()) {
      running++;
      next()?.go();
    }
    if (waiting > 0 && running === 0 && !recheck) {
      recheck = setTimeout(
        () => {
          recheck = undefined;
          pump();
        },
        Math.max(1, Math.min(50, restUntil - performance.now())),
      );
    }
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
    async run<T>(
      task: () => Promise<T>,
      asker: { signal?: AbortSignal | undefined; owner?: string | undefined } = {},
    ): Promise<T> {
      const { signal, owner = '' } = asker;
      if (signal?.aborted) throw new HashingAbandonedError();
      if (waiting === 0 && running < allowed()) {
        running++;
      } else {
        const line = lines.get(owner) ?? [];
        if (waiting >= maxWaiting || line.length >= perOwner) throw new HashingBusyError(retryAfterSeconds());
        // Started by pump(), which counts it in `running` before it wakes.
        await new Promise<void>((resolve, reject) => {
          const place: Place = {
            go() {
              signal?.removeEventListener('abort', place.abandon);
              resolve();
            },
            abandon() {
              const at = line.indexOf(place);
              if (at >= 0) {
                line.splice(at, 1);
                waiting--;
                if (line.length === 0) lines.delete(owner);
              }
              reject(new HashingAbandonedError());
            },
          };
          signal?.addEventListener('abort', place.abandon, { once: true });
          if (line.length === 0) lines.set(owner, line);
          line.push(place);
          waiting++;
          pump();
        });
      }
      const started = performance.now();
      try {
        return await task();
      } finally {
        const tookMs = performance.now() - started;
        // A moving average of recent tasks, for the retry-after of refused ones.
        averageMs = averageMs * 0.8 + tookMs * 0.2;
        running--;
        if (shopIsBusy()) restUntil = performance.now() + REST_FACTOR * tookMs;
        pump();
      }
    },
  };
}
