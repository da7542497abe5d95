import type { PunchoutSession } from '@shop/contract/punchout';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const session: PunchoutSession = {
  protocol: 'cxml',
  companyName: 'Acme Assembly',
  buyerName: 'Bea Buyer',
  buyerEmail: 'bea@acme.example',
  expiresAt: '2026-11-29T16:00:00.000Z',
};

/** A window's session storage, as a Map. */
function storage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

let kept: ReturnType<typeof storage>;
/** The module afresh, as a new page of the same window reads it. */
const load = async () => {
  vi.resetModules();
  return import('./punchout-session');
};

beforeEach(() => {
  kept = storage();
  vi.stubGlobal('window', { sessionStorage: kept });
});
afterEach(() => vi.unstubAllGlobals());

describe('the StartPage address', () => {
  it('gives the po_ token of its fragment, and nothing else', async () => {
    const { tokenFromHash } = await load();
    expect(tokenFromHash('#token=po_abc123')).toBe('po_abc123');
    expect(tokenFromHash('#a=1&token=po_x')).toBe('po_x');
    expect(tokenFromHash('#token=eyJhbGciOi.access.token')).toBeNull();
    expect(tokenFromHash('#token=po_')).toBeNull();
    expect(tokenFromHash('')).toBeNull();
  });
});

describe('the punchout kept in the window', () => {
  it('is kept in session storage, and read again by the next page of the window', async () => {
    const first = await load();
    expect(first.readPunchout()).toBeNull();
    first.startPunchout({ token: 'po_abc', session });
    expect(JSON.parse(kept.getItem('shop.punchout') ?? 'null')).toEqual({ token: 'po_abc', session });
    const next = await load();
    expect(next.punchoutToken()).toBe('po_abc');
    expect(next.readPunchout()?.session.companyName).toBe('Acme Assembly');
  });

  it('is not taken from what is no punchout session (another token, a broken value)', async () => {
    kept.setItem('shop.punchout', JSON.stringify({ token: 'sk_live_x', session }));
    expect((await load()).readPunchout()).toBeNull();
    kept.setItem('shop.punchout', '{not json');
    expect((await load()).readPunchout()).toBeNull();
  });

  it('says the session ended when the server refused it, until a new one begins', async () => {
    const punchout = await load();
    const heard = vi.fn();
    punchout.subscribePunchout(heard);
    punchout.startPunchout({ token: 'po_abc', session });
    punchout.endPunchout({ ended: true });
    expect(heard).toHaveBeenCalledTimes(2);
    expect(punchout.punchoutToken()).toBeNull();
    expect((await load()).punchoutEnded()).toBe(true);
    punchout.startPunchout({ token: 'po_new', session });
    expect((await load()).punchoutEnded()).toBe(false);
  });

  it('after a transfer is no longer kept, while the page that leaves stays as it is', async () => {
    const punchout = await load();
    punchout.startPunchout({ token: 'po_abc', session });
    punchout.forgetStoredPunchout();
    expect(punchout.punchoutToken()).toBe('po_abc');
    expect(kept.values.size).toBe(0);
    expect((await load()).readPunchout()).toBeNull();
  });
});
