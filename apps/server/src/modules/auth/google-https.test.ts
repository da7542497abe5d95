import { describe, expect } from 'vitest';
import { codeOf, googleTest as test } from '../../test-support/google-flow.js';

// Beside google.test.ts: a shop whose public address is https.
test.override('publicUrl', 'https://shop.test');

describe('Google sign-in on a shop whose address is https', () => {
  test('marks both of its cookies Secure', async ({ google }) => {
    const flow = await google.start();
    expect(flow.cookie).toMatchObject({ secure: true, httpOnly: true });
    const id = google.googleAccount();
    const res = await google.callback(await google.provider.signIn(flow.location, id), flow.cookieHeader);
    expect(codeOf(res).cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
  });
});
