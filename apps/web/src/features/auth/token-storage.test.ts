import { describe, expect, it } from 'vitest';
import { pickStorage, tokenExpiry } from './token-storage';

function fakeStorage(works: boolean): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (!works) throw new Error('QuotaExceededError');
      values.set(k, v);
    },
    removeItem: (k: string) => void values.delete(k),
    clear: () => values.clear(),
    key: () => null,
    length: 0,
  };
}

describe('the persistence chain of docs/product.md §4', () => {
  it('takes local storage when it works, else session storage, else memory', () => {
    const local = fakeStorage(true);
    const session = fakeStorage(true);
    expect(pickStorage([() => local, () => session])).toBe(local);
    expect(pickStorage([() => fakeStorage(false), () => session])).toBe(session);
    const memory = pickStorage([
      () => fakeStorage(false),
      () => {
        throw new Error('SecurityError');
      },
    ]);
    memory.setItem('accessToken', 't');
    expect(memory.getItem('accessToken')).toBe('t');
  });

  it('reads a stored sign-in from the first storage that can be read, writing nothing there', () => {
    const refusesWrites = fakeStorage(false);
    refusesWrites.setItem = () => {
      throw new Error('a read must not write');
    };
    const session = fakeStorage(true);
    expect(pickStorage([() => refusesWrites, () => session], 'read')).toBe(refusesWrites);
    const unreachable = () => {
      throw new Error('SecurityError');
    };
    expect(pickStorage([unreachable, () => session], 'read')).toBe(session);
  });

  it("reads a JWT's expiry, and 0 from garbage", () => {
    const payload = btoa(JSON.stringify({ exp: 1234 })).replace(/=+$/, '');
    expect(tokenExpiry(`x.${payload}.y`)).toBe(1234);
    expect(tokenExpiry('garbage')).toBe(0);
  });
});
