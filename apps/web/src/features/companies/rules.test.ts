import { describe, expect, it } from 'vitest';
import { TypedLimit } from './rules';

describe('a monthly limit as typed', () => {
  it('is none when empty, whole dollars otherwise', () => {
    expect(TypedLimit.parse('')).toBeNull();
    expect(TypedLimit.parse('   ')).toBeNull();
    expect(TypedLimit.parse('2500')).toBe(2500);
    expect(TypedLimit.parse(' 0 ')).toBe(0);
  });

  it('refuses what the API refuses: below 0, parts of a dollar, words, too much', () => {
    for (const typed of ['-1', '1.5', 'lots', '100000001']) {
      expect(TypedLimit.safeParse(typed).success, typed).toBe(false);
    }
  });
});
