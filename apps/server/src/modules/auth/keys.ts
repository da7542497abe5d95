import { hkdfSync } from 'node:crypto';

/** What a key signs. Each use gets its own key, so a value made for one is never accepted by another. */
export type KeyPurpose = 'access-tokens' | 'google-sign-in' | 'account-links';

/**
 * The key for one purpose, derived from the shop's one secret (JWT_SECRET, or the generated one)
 * with HKDF-SHA-256: operators keep a single secret, and an access token, a Google sign-in's
 * cookie and a mailed link can never be passed off as one another.
 */
export function deriveKey(secret: Uint8Array, purpose: KeyPurpose): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), `parts-shop ${purpose}`, 32));
}
