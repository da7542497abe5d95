import { Id } from '@shop/contract/primitives';
import { describe, expect, it } from 'vitest';
import { newId } from './clock.js';

describe('newId', () => {
  it('makes valid, unique UUIDv7s that sort in the order they were made', () => {
    const ids = Array.from({ length: 10_000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 50)) {
      expect(Id.safeParse(id).success).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
    }
  });
});
