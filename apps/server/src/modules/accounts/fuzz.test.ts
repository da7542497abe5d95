import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { test } from '../../test-support/fixture.js';

/** Nothing a client sends to the account calls gives a 500: every refusal is a 4xx with the error shape. */
const anyValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.stringMatching(/^[0-9a-f-]{36}\.[\w-]{0,60}$/),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
);
const body = (...fields: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(fields.map((f) => [f, anyValue])), { requiredKeys: [] }),
    fc.jsonValue({ maxDepth: 2 }),
  );

const calls = [
  { method: 'POST' as const, url: '/api/auth/verify-email', body: body('token'), auth: false },
  { method: 'POST' as const, url: '/api/auth/password-reset', body: body('token', 'password'), auth: false },
  { method: 'POST' as const, url: '/api/auth/password-reset/request', body: body('email'), auth: false },
  {
    method: 'PUT' as const,
    url: '/api/auth/password',
    body: body('currentPassword', 'newPassword'),
    auth: true,
  },
];

describe('fuzzing the account calls', () => {
  test.for(calls)(
    '$method $url answers anything with a 2xx or a clear 4xx',
    { timeout: 120_000 },
    async (call, { as, buyer }) => {
      await fc.assert(
        fc.asyncProperty(call.body, async (payload) => {
          const res = await as(call.auth ? buyer : null).send(
            call.method,
            call.url,
            JSON.stringify(payload),
            {
              'content-type': 'application/json',
            },
          );
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.json().error).toEqual({ code: expect.any(String), message: expect.any(String) });
          }
        }),
        { numRuns: 40 },
      );
    },
  );
});
