import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1), stored as the PHC string
 * `$argon2id$v=19$m=19456,t=2,p=1$salt$key`, which carries its own parameters. The binding runs
 * the hash on libuv's thread pool; limited-password-hashing.ts bounds how many at once.
 */
const ARGON2ID: Algorithm = 2;
const COST = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes from before argon2: `scrypt$N$r$p$salt$key` (base64url). They still sign in, checked
 * with node's asynchronous scrypt (also on the thread pool), and are replaced at that login.
 */
function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, key] = stored.split('$');
  const options: ScryptOptions = { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 };
  if (!salt || !key || !Number.isInteger(options.N) || !Number.isInteger(options.r)) {
    return Promise.resolve(false);
  }
  const expected = Buffer.from(key, 'base64url');
  return new Promise((resolve) => {
    scrypt(password, Buffer.from(salt, 'base64url'), expected.length, options, (err, actual) =>
      resolve(!err && actual.length === expected.length && timingSafeEqual(actual, expected)),
    );
  });
}

/**
 * `signal` aborts when the asking client has left (a hash still waiting its turn is dropped);
 * `ip` is the asking address, which the hashing queue takes turns between.
 */
export interface PasswordHashing {
  hash(password: string, signal?: AbortSignal, ip?: string): Promise<string>;
  verify(password: string, stored: string, signal?: AbortSignal, ip?: string): Promise<boolean>;
}

/** Hashes and checks passwords (NFKC-normalised) at once, wherever the caller runs it. */
export const passwordHashes: PasswordHashing = {
  hash: (password) => hash(password.normalize('NFKC'), COST),
  async verify(password, stored) {
    const normalised = password.normalize('NFKC');
    if (stored.startsWith('scrypt$')) return verifyScrypt(normalised, stored);
    if (!stored.startsWith('$argon2')) return false;
    try {
      return await verify(stored, normalised);
    } catch {
      // A stored text the binding cannot read matches no password.
      return false;
    }
  },
};

/** Whether a stored hash is below today's cost (scrypt, or argon2 weaker than the above): re-hash it at the next login. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const found = parseOptions(stored);
    return (
      found.memoryCost < COST.memoryCost ||
      found.timeCost < COST.timeCost ||
      found.parallelism < COST.parallelism
    );
  } catch {
    return true;
  }
}

/**
 * A stored hash at today's cost that no password matches (a random key): checked when no account
 * has the email, so such a login costs one argon2 verify like any other, without hashing first.
 */
export function unmatchableHash(): string {
  const random = (bytes: number) => randomBytes(bytes).toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=${COST.memoryCost},t=${COST.timeCost},p=${COST.parallelism}$${random(16)}$${random(32)}`;
}

export const hashPassword = (password: string) => passwordHashes.hash(password);
export const verifyPassword = (password: string, stored: string) => passwordHashes.verify(password, stored);
