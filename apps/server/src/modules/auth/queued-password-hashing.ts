import type { HashingQueue } from './hashing-queue.js';
import { type PasswordHashing, passwordHashes } from './password.js';

/** The shop's password hashes, each waiting its turn in `queue` (by the asking address, `ip`). */
export function queuedPasswordHashing(queue: HashingQueue): PasswordHashing {
  return {
    hash: (password, signal, ip) => queue.run(() => passwordHashes.hash(password), { signal, owner: ip }),
    verify: (password, stored, signal, ip) =>
      queue.run(() => passwordHashes.verify(password, stored), { signal, owner: ip }),
  };
}
