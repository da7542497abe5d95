import pLimit from 'p-limit';
import { AppError, RetryLaterError } from '../../http/app-error.js';
import { type PasswordHashing, passwordHashes } from './password.js';

export class HashingBusyError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(
      'unavailable',
      `Too many sign-ins at once. Please try again in ${retryAfterSeconds} seconds.`,
      retryAfterSeconds,
    );
  }
}

/** A hash whose client left before its turn came: nobody is there to hear the answer. */
export class HashingAbandonedError extends AppError {
  constructor() {
    super('unavailable', 'The request was given up before its turn came');
  }
}

/** About what one argon2 hash at the shop's cost takes, for the retry-after of refused sign-ins. */
const HASH_MS = 50;

/**
 * The shop's password hashes (argon2 on libuv's thread pool), at most `concurrency` at once
 * (p-limit); the others wait in order. At most `maxWaiting` wait, `maxWaitingPerOwner` of them
 * from one address (`ip`): one more is refused at once (503 with `retry-after`), so a flood costs
 * bounded memory and one address never takes the whole line. A hash whose client left while it
 * waited (`signal`) is not run.
 */
export function limitedPasswordHashing(options: {
  concurrency: number;
  maxWaiting: number;
  maxWaitingPerOwner: number;
}): PasswordHashing {
  const limit = pLimit(options.concurrency);
  const waitingBy = new Map<string, number>();

  function run<T>(task: () => Promise<T>, signal?: AbortSignal, owner = ''): Promise<T> {
    if (signal?.aborted) return Promise.reject(new HashingAbandonedError());
    const mine = waitingBy.get(owner) ?? 0;
    // Every hash taken and not finished, and of those the ones beyond the running slots.
    const ahead = limit.activeCount + limit.pendingCount;
    const waiting = Math.max(0, ahead - options.concurrency);
    if (
      ahead >= options.concurrency &&
      (waiting >= options.maxWaiting || mine >= options.maxWaitingPerOwner)
    ) {
      return Promise.reject(
        new HashingBusyError(Math.max(1, Math.ceil((ahead * HASH_MS) / options.concurrency / 1000))),
      );
    }
    // Counted among the address's waiting places only when it has to wait for a slot.
    const waits = ahead >= options.concurrency;
    if (waits) waitingBy.set(owner, mine + 1);
    return limit(() => {
      if (waits) {
        const left = (waitingBy.get(owner) ?? 1) - 1;
        if (left > 0) waitingBy.set(owner, left);
        else waitingBy.delete(owner);
      }
      if (signal?.aborted) throw new HashingAbandonedError();
      return task();
    });
  }

  return {
    hash: (password, signal, ip) => run(() => passwordHashes.hash(password), signal, ip),
    verify: (password, stored, signal, ip) => run(() => passwordHashes.verify(password, stored), signal, ip),
  };
}
