import { randomUUID, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Access tokens live 15 minutes; the web app refreshes them before they expire. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'parts-shop';
const AUDIENCE = 'parts-shop-api';

export interface AccessClaims {
  userId: string;
  email: string;
}

export interface AccessTokens {
  issue(user: { id: string; email: string; role: 'admin' | null }): Promise<string>;
  /** The token's user, or null for anything that is not a valid, unexpired token of ours. */
  verify(token: string): Promise<AccessClaims | null>;
}

export function accessTokens(secret: Uint8Array): AccessTokens {
  // Imported once: given raw bytes, jose would import the key again for every token it checks.
  let imported: Promise<webcrypto.CryptoKey> | undefined;
  const key = () =>
    (imported ??= webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]));
  return {
    async issue(user) {
      return new SignJWT({ email: user.email, ...(user.role === 'admin' ? { role: 'admin' } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .setJti(randomUUID())
        .sign(await key());
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key(), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return { userId: payload.sub, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}
