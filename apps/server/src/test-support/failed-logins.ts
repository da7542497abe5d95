import { test } from './fixture.js';

/** A line long enough that no login of these bursts is turned away for want of a place (503). */
const roomy = { PASSWORD_HASH_QUEUE: '200', PASSWORD_HASH_QUEUE_PER_IP: '200' };

/**
 * The fixture's `test` for a file of the failed-login limits (modules/auth/login-failures*.test.ts):
 * its shop with these limits and a roomy hashing line, and `login(email, password, remoteAddress)`.
 * Call it once, at the top level of the file.
 */
export function failedLoginsTest(limits: Record<string, string>) {
  const configured = test.extend(
    'login',
    { scope: 'file' },
    ({ as }) =>
      (email: string, password: string, remoteAddress: string) =>
        as(null, { remoteAddress }).post('/api/auth/login', { email, password }),
  );
  configured.override('shopOptions', { demo: false, env: { ...roomy, ...limits } });
  return configured;
}

/** How many of `statuses` are `status`. */
export const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
