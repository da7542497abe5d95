import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { accessTokens } from './access-tokens.js';

const secret = new TextEncoder().encode('a signing key of the shop, long enough for HS256');
const tokens = accessTokens(secret);
const user = { id: '00000000-0000-4000-8000-000000000001', email: 'buyer@example.com', role: null } as const;
const session = '00000000-0000-4000-8000-0000000000aa';
const now = () => Math.floor(Date.now() / 1000);

/** A token signed with `key`, the shop's claims changed as told (undefined leaves a claim out). */
function sign(
  change: Record<string, unknown> = {},
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
  key = secret,
) {
  const claims: Record<string, unknown> = {
    email: user.email,
    sub: user.id,
    iss: 'parts-shop',
    aud: 'parts-shop-api',
    iat: now(),
    exp: now() + 600,
    jti: 'an id',
    sid: session,
    ...change,
  };
  for (const name of Object.keys(claims)) if (claims[name] === undefined) delete claims[name];
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(key);
}

/** A header and payload signed with the shop's key, for what jose will not sign. */
function signedByHand(header: Record<string, unknown>, payload: string) {
  const head = Buffer.from(JSON.stringify(header)).toString('base64url');
  return `${head}.${payload}.${createHmac('sha256', secret).update(`${head}.${payload}`).digest('base64url')}`;
}

describe('access tokens', () => {
  it('accept what they issued, and a token of the shop signed by another build', async () => {
    expect(await tokens.verify(await tokens.issue(user, session))).toEqual({
      userId: user.id,
      email: user.email,
      sessionId: session,
    });
    expect(await tokens.verify(await sign())).toEqual({
      userId: user.id,
      email: user.email,
      sessionId: session,
    });
    expect(await tokens.verify(await sign({ aud: ['other', 'parts-shop-api'] }))).not.toBeNull();
    expect(await tokens.verify(await sign({}, { alg: 'HS256' }))).not.toBeNull();
    expect(await tokens.verify(await sign({ nbf: now() - 5 }))).not.toBeNull();
    const payload = (await tokens.issue(user, session)).split('.')[1] ?? '';
    expect(await tokens.verify(signedByHand({ alg: 'HS256' }, payload))).not.toBeNull();
  });

  it.each<[string, Record<string, unknown>]>([
    ['expired', { exp: now() - 1 }],
    ['expiring this second', { exp: now() }],
    ['not valid yet', { nbf: now() + 60 }],
    ['another issuer', { iss: 'someone-else' }],
    ['another audience', { aud: 'another-api' }],
    ['no expiry', { exp: undefined }],
    ['an expiry that is not a number', { exp: String(now() + 600) }],
    ['no issue time', { iat: undefined }],
    ['no id', { jti: undefined }],
    ['no subject', { sub: undefined }],
    ['no email', { email: undefined }],
    ['no sign-in', { sid: undefined }],
    ['a sign-in that is not a string', { sid: 7 }],
  ])('refuse a token with %s', async (_kind, change) => {
    expect(await tokens.verify(await sign(change))).toBeNull();
  });

  it('refuse another key, another algorithm, a critical extension, and a malformed token', async () => {
    const good = await tokens.issue(user, session);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const otherKey = new TextEncoder().encode('another key of someone else, long enough for HS256');
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const refused = [
      await sign({}, undefined, otherKey),
      await sign({}, { alg: 'HS512' }),
      signedByHand({ alg: 'HS256', crit: ['x-shop'], 'x-shop': 1 }, payload),
      `${encode({ alg: 'none' })}.${payload}.`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}`,
      `${header}.${payload}.${signature}.${signature}`,
      `${header}.${encode({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'x' })}.${signature}`,
      `${encode([1])}.${payload}.${signature}`,
      'not-a-token',
      '',
    ];
    for (const token of refused) expect(await tokens.verify(token), token).toBeNull();
  });
});
