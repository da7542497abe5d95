import { createHmac, createSecretKey, randomUUID, timingSafeEqual, webcrypto } from 'node:crypto';
import { SignJWT } from 'jose';

/** Access tokens live 15 minutes; the web app refreshes them before they expire. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'parts-shop';
const AUDIENCE = 'parts-shop-api';

export interface AccessClaims {
  userId: string;
  email: string;
  /** The sign-in (refresh-token family) the token was issued to: its end ends the token too. */
  sessionId: string;
}

export interface AccessTokens {
  issue(user: { id: string; email: string; role: 'admin' | null }, sessionId: string): Promise<string>;
  /** The token's user, or null for anything that is not a valid, unexpired token of ours. */
  verify(token: string): Promise<AccessClaims | null>;
}

/** A JWS segment: unpadded base64url, nothing else (as jose decodes it, strictly). */
const SEGMENT = /^[A-Za-z0-9_-]+$/;

/** A segment's JSON object, or undefined if it is not one. */
function jsonSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function accessTokens(secret: Uint8Array): AccessTokens {
  // Checked on every signed-in request: an HMAC computed in place (a few microseconds) rather than
  // through WebCrypto, whose every call is a trip to the thread pool and back.
  const hmacKey = createSecretKey(secret);
  // Imported once for signing: given raw bytes, jose would import the key again for every token.
  let imported: Promise<webcrypto.CryptoKey> | undefined;
  const key = () =>
    (imported ??= webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]));
  return {
    async issue(user, sessionId) {
      const claims = {
        email: user.email,
        sid: sessionId,
        ...(user.role === 'admin' ? { role: 'admin' } : {}),
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .setJti(randomUUID())
        .sign(await key());
    },
    /**
     * What jose's jwtVerify checked, done in place: a JWS of three segments whose header names
     * HS256 (and no critical extension), signed with our key; issued by us for this API; with a
     * subject, an issue time, an id, an email and a sign-in; unexpired, and valid already if it says from when.
     */
    async verify(token) {
      const segments = token.split('.');
      if (segments.length !== 3 || !segments.every((segment) => SEGMENT.test(segment))) return null;
      const [header = '', payload = '', signature = ''] = segments;
      const protectedHeader = jsonSegment(header);
      if (protectedHeader?.alg !== 'HS256' || 'crit' in protectedHeader || 'b64' in protectedHeader)
        return null;
      const expected = createHmac('sha256', hmacKey).update(`${header}.${payload}`).digest();
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const claims = jsonSegment(payload);
      if (!claims) return null;
      const now = Math.floor(Date.now() / 1000);
      const { aud, exp, iat, nbf } = claims;
      if (claims.iss !== ISSUER) return null;
      if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return null;
      if (typeof exp !== 'number' || exp <= now || typeof iat !== 'number') return null;
      if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
      const { sub, email, sid } = claims;
      if (claims.jti === undefined || typeof sub !== 'string' || typeof email !== 'string') return null;
      if (typeof sid !== 'string') return null;
      return { userId: sub, email, sessionId: sid };
    },
  };
}
