import { describe, expect } from 'vitest';
import { test } from '../test-support/fixture.js';

// Beside standard-parts.test.ts, whose shop sheds load: this one answers every request.
test.override('shopOptions', { demo: true });

describe('an unchanged answer', () => {
  test('is 304 without a body when the client names its ETag', async ({ as }) => {
    const visitor = as(null);
    const first = await visitor.get('/api/parts?limit=3');
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"/);
    const again = await visitor.get('/api/parts?limit=3', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await visitor.get('/api/parts?limit=2', { 'if-none-match': tag });
    expect(other.statusCode).toBe(200);
  });
});
