import { SESSION_ENDED_MESSAGE } from '@shop/contract/punchout-words';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setTokenSource } from './api-client';
import { endPunchout, punchoutEnded, punchoutToken, startPunchout } from './punchout-session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const session = {
  protocol: 'oci' as const,
  companyName: 'Acme Assembly',
  buyerName: 'Bea Buyer',
  buyerEmail: 'bea@acme.example',
  expiresAt: '2026-11-29T16:00:00.000Z',
};

/** Records the authorization each call carries, answering `answer`. */
function recording(answer: () => Response) {
  const seen: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      seen.push(new Headers(init.headers).get('authorization'));
      return answer();
    }),
  );
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
  endPunchout();
});

describe('apiRequest in a punchout window', () => {
  it("sends the punchout session's token for every call, in place of the sign-in's", async () => {
    const seen = recording(() => json(200, []));
    const accessToken = vi.fn(async () => 'access');
    setTokenSource({ accessToken, afterRejection: async () => null });
    startPunchout({ token: 'po_session', session });
    await apiRequest('/api/parts');
    await apiRequest('/api/customer-part-numbers', { auth: true });
    expect(seen).toEqual(['Bearer po_session', 'Bearer po_session']);
    expect(accessToken).not.toHaveBeenCalled();
    endPunchout();
    await apiRequest('/api/orders', { auth: true });
    expect(seen[2]).toBe('Bearer access');
  });

  it('ends the punchout at a 401, says the session ended, and refreshes no sign-in', async () => {
    const seen = recording(() => json(401, { error: { code: 'unauthenticated', message: 'expired' } }));
    const afterRejection = vi.fn(async () => 'fresh');
    setTokenSource({ accessToken: async () => 'access', afterRejection });
    startPunchout({ token: 'po_session', session });
    const error = (await apiRequest('/api/punchout/transfer', { method: 'POST', body: { lines: [] } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.message]).toEqual([401, SESSION_ENDED_MESSAGE]);
    expect(seen).toEqual(['Bearer po_session']);
    expect(afterRejection).not.toHaveBeenCalled();
    expect(punchoutToken()).toBeNull();
    expect(punchoutEnded()).toBe(true);
  });

  it("keeps a call's own authorization (the punchout page asks about a session not yet kept)", async () => {
    const seen = recording(() => json(200, session));
    await apiRequest('/api/punchout/session', { headers: { authorization: 'Bearer po_new' } });
    expect(seen).toEqual(['Bearer po_new']);
  });

  it('leaves a 403 (a call a punchout may not make) to the page, the session kept', async () => {
    recording(() => json(403, { error: { code: 'forbidden', message: 'Not in a punchout' } }));
    startPunchout({ token: 'po_session', session });
    const error = (await apiRequest('/api/orders').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(punchoutToken()).toBe('po_session');
  });
});
