import { describe, expect } from 'vitest';
import { test } from '../../test-support/fixture.js';
import { errorOf } from '../../test-support/google-flow.js';

// Beside google.test.ts: a shop whose OpenID provider never answers.
test.override('shopOptions', {
  demo: false,
  env: {
    GOOGLE_CLIENT_ID: 'parts-shop',
    GOOGLE_CLIENT_SECRET: 'secret',
    GOOGLE_ISSUER: 'http://127.0.0.1:9',
  },
});

describe('Google sign-in with the provider unreachable', () => {
  test('sends the person back to /login with the reason instead of failing', async ({ as }) => {
    const res = await as(null).get('/api/auth/google');
    expect(res.statusCode).toBe(302);
    expect(errorOf(res.headers.location as string)).toBe('google_unavailable');
  });
});
