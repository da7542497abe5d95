import { describe, expect } from 'vitest';
import { googleTest as test } from '../test-support/google-flow.js';

/** Beside mailed-links.test.ts: Google's redirect, too, comes from configuration alone. */
const FORGED = { host: '127.0.0.1:3420@evil.example', 'x-forwarded-host': 'evil.example' };
const SHOP = 'http://localhost:3000'; // development's default: PORT 3000, no PUBLIC_URL

// No PUBLIC_URL: development's default address, never the request's.
test.override('publicUrl', SHOP);
test.override('shopOptions', { demo: false, env: { PUBLIC_URL: '' } });

describe("Google's redirect URI", () => {
  test('comes from configuration, whatever Host the request names', async ({ as }) => {
    const res = await as(null).get('/api/auth/google', FORGED);
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.searchParams.get('redirect_uri')).toBe(`${SHOP}/api/auth/google/callback`);
  });
});
