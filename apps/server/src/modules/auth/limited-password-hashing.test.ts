import { describe, expect, it } from 'vitest';
import {
  HashingAbandonedError,
  HashingBusyError,
  limitedPasswordHashing,
} from './limited-password-hashing.js';

/** The bounds of the hashing line, on real argon2 hashes: counts, never times. */
describe('limitedPasswordHashing', () => {
  it('takes at most concurrency + maxWaiting hashes at once, and refuses the rest with 503 and retry-after', async () => {
    const hashing = limitedPasswordHashing({ concurrency: 1, maxWaiting: 2, maxWaitingPerOwner: 2 });
    const answers = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => hashing.hash(`password ${i}`, undefined, `10.0.0.${i}`)),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
    const refused = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(HashingBusyError);
      expect((reason as HashingBusyError).status).toBe(503);
      expect((reason as HashingBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
  });

  it('gives one address at most its share of the waiting places', async () => {
    const hashing = limitedPasswordHashing({ concurrency: 1, maxWaiting: 4, maxWaitingPerOwner: 1 });
    const flood = Array.from({ length: 4 }, () => hashing.hash('flood', undefined, 'flooder'));
    const other = hashing.hash('someone else', undefined, 'other');
    const answers = await Promise.allSettled([...flood, other]);
    // The flooder: one running, one waiting; the rest refused. The other address still waits its turn.
    expect(answers.slice(0, 4).filter((a) => a.status === 'fulfilled')).toHaveLength(2);
    expect(answers[4]?.status).toBe('fulfilled');
  });

  it('does not hash for a client that left while it waited', async () => {
    const hashing = limitedPasswordHashing({ concurrency: 1, maxWaiting: 5, maxWaitingPerOwner: 5 });
    const left = new AbortController();
    const first = hashing.hash('first');
    const second = hashing.hash('second', left.signal);
    left.abort();
    await expect(first).resolves.toMatch(/^\$argon2id\$/);
    await expect(second).rejects.toBeInstanceOf(HashingAbandonedError);
    await expect(hashing.hash('gone', left.signal)).rejects.toBeInstanceOf(HashingAbandonedError);
  });
});
