import { describe, expect } from 'vitest';
import { test } from '../test-support/fixture.js';

// Beside http.test.ts: this file's shop loses its database in its one test.
describe('a failure on the server side', () => {
  test('is a 500 that names only a reference (the request id), and health says 503', async ({ shop, as }) => {
    await shop.database.close();
    const res = await as(null).get('/api/parts');
    expect(res.statusCode).toBe(500);
    const { error } = res.json();
    expect(error.code).toBe('internal');
    expect(error.message).toBe(`Something went wrong on our side. Reference: ${res.headers['x-request-id']}`);
    expect(res.body).not.toMatch(/sqlite|select|pool|stack|at /i);
    const health = await as(null).get('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json().error.code).toBe('unavailable');
  });
});
