import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setTokenSource } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest with the bearer token', () => {
  it('sends the token, and after a 401 refreshes once and repeats the call with the new one', async () => {
    const seen: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get('authorization');
        seen.push(auth);
        return auth === 'Bearer fresh'
          ? json(200, { ok: true })
          : json(401, { error: { code: 'unauthenticated', message: 'expired' } });
      }),
    );
    const afterRejection = vi.fn(async () => 'fresh');
    setTokenSource({ accessToken: async () => 'stale', afterRejection });
    const { data } = await apiRequest<{ ok: boolean }>('/api/users', { auth: true });
    expect(data).toEqual({ ok: true });
    expect(seen).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(afterRejection).toHaveBeenCalledWith('stale');
  });

  it('gives up after one refresh: the second 401 is the answer', async () => {
    const fetch = vi.fn(async () =>
      json(401, { error: { code: 'unauthenticated', message: 'Sign in again' } }),
    );
    vi.stubGlobal('fetch', fetch);
    setTokenSource({ accessToken: async () => 'stale', afterRejection: async () => 'also refused' });
    const error = await apiRequest('/api/users', { auth: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Sign in again');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('answers a 401 at once when the call says it is no token refusal (a wrong current password)', async () => {
    const fetch = vi.fn(async () =>
      json(401, { error: { code: 'unauthenticated', message: 'Your current password is wrong' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const afterRejection = vi.fn(async () => 'fresh');
    setTokenSource({ accessToken: async () => 'token', afterRejection });
    const error = await apiRequest('/api/auth/password', {
      method: 'PUT',
      auth: true,
      retryRefused: false,
    }).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('Your current password is wrong');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(afterRejection).not.toHaveBeenCalled();
  });

  it('sends no token to calls that do not ask for one', async () => {
    const fetch = vi.fn(async (_path: string, _init: RequestInit) => json(200, []));
    vi.stubGlobal('fetch', fetch);
    setTokenSource({ accessToken: async () => 'token', afterRejection: async () => null });
    await apiRequest('/api/parts');
    expect(new Headers(fetch.mock.calls[0]?.[1].headers).get('authorization')).toBeNull();
  });
});

describe('apiRequest with other bodies and detailed errors', () => {
  it('sends a Blob as it is, with its own type, and JSON as JSON', async () => {
    const fetch = vi.fn(async (_path: string, _init: RequestInit) => json(201, {}));
    vi.stubGlobal('fetch', fetch);
    const file = new Blob(['name,desc\r\n'], { type: 'text/csv' });
    await apiRequest('/api/parts/import', { method: 'POST', body: file });
    const sent = fetch.mock.calls[0]?.[1];
    expect(sent?.body).toBe(file);
    expect(new Headers(sent?.headers).get('content-type')).toBeNull();
    expect(await new Request('http://shop.example/', sent).text()).toBe('name,desc\r\n');
    expect(new Request('http://shop.example/', sent).headers.get('content-type')).toBe('text/csv');
    await apiRequest('/api/parts', { method: 'POST', body: { name: 'x' } });
    const json2 = fetch.mock.calls[1]?.[1];
    expect(new Headers(json2?.headers).get('content-type')).toBe('application/json');
    expect(json2?.body).toBe('{"name":"x"}');
  });

  it('keeps what an error carries beyond its code and message', async () => {
    const rows = [{ line: 3, field: 'name', message: 'is required' }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(422, {
          error: { code: 'csv_rows_refused', message: '1 of 2 rows was refused', rows, rowsTotal: 1 },
        }),
      ),
    );
    const error = (await apiRequest('/api/parts/import', { method: 'POST', body: new Blob([]) }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.message]).toEqual([
      422,
      'csv_rows_refused',
      '1 of 2 rows was refused',
    ]);
    expect(error.details).toEqual({ rows, rowsTotal: 1 });
  });
});
