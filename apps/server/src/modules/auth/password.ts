import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at OWASP's recommended cost (N=2^17, r=8, p=1: 128 MiB per hash). The parameters are
 * stored with each hash, so they can be raised later without invalidating existing passwords.
 */
const N = 2 ** 17;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const maxmem = 256 * 1024 * 1024;

export interface ScryptParams {
  keyLength: number;
  options: ScryptOptions & { N: number; r: number; p: number; maxmem: number };
}

/**
 * Derives the key of a (normalised) password: where that runs is the caller's choice. `signal`
 * tells that the request asking has been given up (its client left), so a queued hash may be dropped.
 */
export type Derive = (
  password: string,
  salt: Buffer,
  params: ScryptParams,
  signal?: AbortSignal,
) => Promise<Buffer>;

/** node's asynchronous scrypt, on libuv's thread pool: for the odd hash outside requests (start-up, tests). */
export const deriveInThreadPool: Derive = (password, salt, params) =>
  new Promise((resolve, reject) => {
    scrypt(password, salt, params.keyLength, params.options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });

const params = (n: number, rr: number, pp: number): ScryptParams => ({
  keyLength: KEY_LENGTH,
  options: { N: n, r: rr, p: pp, maxmem },
});

export interface PasswordHashing {
  hash(password: string, signal?: AbortSignal): Promise<string>;
  verify(password: string, stored: string, signal?: AbortSignal): Promise<boolean>;
}

/** Hashes in the stored format `scrypt$N$r$p$salt$key` (base64url), deriving keys with `derive`. */
export function passwordHashing(derive: Derive): PasswordHashing {
  return {
    async hash(password, signal) {
      const salt = randomBytes(SALT_LENGTH);
      const key = await derive(password.normalize('NFKC'), salt, params(N, r, p), signal);
      return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
    },
    async verify(password, stored, signal) {
      const [scheme, n, rr, pp, salt, key] = stored.split('$');
      if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64url');
      const actual = await derive(
        password.normalize('NFKC'),
        Buffer.from(salt, 'base64url'),
        params(Number(n), Number(rr), Number(pp)),
        signal,
      );
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

/**
 * A stored hash at today's cost that no password matches (a random key): checked when no account
 * has the email, so such a login costs one hash like any other, without hashing anything first.
 */
export function unmatchableHash(): string {
  const random = (bytes: number) => randomBytes(bytes).toString('base64url');
  return `scrypt$${N}$${r}$${p}$${random(SALT_LENGTH)}$${random(KEY_LENGTH)}`;
}

const inThreadPool = passwordHashing(deriveInThreadPool);
export const hashPassword = (password: string) => inThreadPool.hash(password);
export const verifyPassword = (password: string, stored: string) => inThreadPool.verify(password, stored);
