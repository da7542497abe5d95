import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { AccessClaims, AccessTokens } from '../../http/auth-guard.js';

/** Access tokens live 15 minutes; the web app refreshes them before they expire. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'parts-shop';
const AUDIENCE = 'parts-shop-api';

export type { AccessClaims, AccessTokens };

/**
 * HS256 JWTs through fast-jwt: signed and checked synchronously with node's HMAC (a few
 * microseconds on every signed-in request). A token is ours when its header names HS256 (a
 * critical extension is refused), our key signed it, we issued it for this API, it is unexpired
 * (and valid already if it says from when), and it has an issue time, an id, a subject, an email
 * and a sign-in.
 */
export function accessTokens(secret: Uint8Array): AccessTokens {
  const key = Buffer.from(secret);
  const sign = createSigner({
    key,
    algorithm: 'HS256',
    iss: ISSUER,
    aud: AUDIENCE,
    expiresIn: ACCESS_TOKEN_SECONDS * 1000,
  });
  const check = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: AUDIENCE,
    requiredClaims: ['exp', 'iat', 'jti', 'sub', 'email', 'sid'],
  });
  return {
    async issue(user, sessionId) {
      return sign({
        sub: user.id,
        email: user.email,
        sid: sessionId,
        jti: randomUUID(),
        ...(user.role === 'admin' ? { role: 'admin' } : {}),
      });
    },
    async verify(token) {
      let claims: Record<string, unknown>;
      try {
        claims = check(token);
      } catch {
        return null;
      }
      const { sub, email, sid, exp, iat } = claims;
      if (typeof exp !== 'number' || typeof iat !== 'number') return null;
      if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') return null;
      return { userId: sub, email, sessionId: sid };
    },
  };
}
