import type { ErrorBody, ErrorDetails } from '@shop/contract/errors';
import { SESSION_ENDED_MESSAGE } from '@shop/contract/punchout-words';
import { endPunchout, punchoutToken } from './punchout-session';

/** A failed API call: the HTTP status, the server's error code and message, and any details (refused rows). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Headers of the call's own (a quote's accept names its offer with If-Match). */
  headers?: Record<string, string>;
  /** Send the signed-in user's bearer token (docs/product.md §7), refreshing it once if the server refuses it. */
  auth?: boolean;
  /**
   * False when a 401 tells of something else than the token (a wrong current password): it is
   * then not refreshed and the call not sent again, which would count the failure twice.
   */
  retryRefused?: boolean;
}

/** How the API client gets tokens; the sign-in feature plugs itself in at start-up. */
export interface TokenSource {
  /** A usable access token (refreshed first when about to expire), or null when signed out. */
  accessToken(): Promise<string | null>;
  /** The server refused `rejected`: refresh once and return the new token, or null. */
  afterRejection(rejected: string): Promise<string | null>;
}

let tokenSource: TokenSource | undefined;

export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

/**
 * The bearer token a call carries: a punchout session's for every call while this window is in one
 * (lib/punchout-session.ts: it stands for the session's buyer, and replaces no sign-in), else the
 * signed-in user's when the call asks for it.
 */
export async function bearerFor(options: Pick<RequestOptions, 'auth'>): Promise<string | null> {
  const punchout = punchoutToken();
  if (punchout) return punchout;
  return options.auth ? ((await tokenSource?.accessToken()) ?? null) : null;
}

/** The code of the error a call answers when the window's punchout session was refused. */
export const PUNCHOUT_ENDED = 'session_ended';

/** A refused punchout token: the session ended or expired, which the window then says. */
function punchoutRefused(response: Response, token: string | null): boolean {
  if (response.status !== 401 || !token || token !== punchoutToken()) return false;
  endPunchout({ ended: true });
  return true;
}

const sessionEnded = (response: Response) =>
  new ApiError(401, response.statusText, PUNCHOUT_ENDED, SESSION_ENDED_MESSAGE);

/** The one way the web app talks to the API: JSON in and out, errors as ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const token = await bearerFor(options);
  let response = await send(path, options, token);
  if (punchoutRefused(response, token)) throw sessionEnded(response);
  if (response.status === 401 && token && tokenSource && options.retryRefused !== false) {
    const renewed = await tokenSource.afterRejection(token);
    if (renewed) response = await send(path, options, renewed);
  }
  const text = await response.text();
  const json: unknown = text ? safeParse(text) : undefined;
  if (!response.ok) {
    const { code, message, ...details }: Partial<ErrorBody['error']> =
      (json as ErrorBody | undefined)?.error ?? {};
    throw new ApiError(
      response.status,
      response.statusText,
      code ?? 'unknown',
      message ?? `${response.status} ${response.statusText}`,
      details,
    );
  }
  return { data: json as T, headers: response.headers };
}

/** Downloads a file the API makes (with the bearer token) and hands it to the browser to save. */
export async function apiDownload(path: string, filename: string): Promise<void> {
  const token = await bearerFor({ auth: true });
  const response = await send(path, {}, token);
  if (punchoutRefused(response, token)) throw sessionEnded(response);
  if (!response.ok) {
    const error = safeParse(await response.text()) as ErrorBody | undefined;
    throw new ApiError(
      response.status,
      response.statusText,
      error?.error.code ?? 'unknown',
      error?.error.message ?? response.statusText,
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  // A form goes as multipart with the boundary the browser picks, a Blob (a file sent as it is)
  // with its own type (fetch sets it); all else as JSON.
  const raw = options.body instanceof FormData || options.body instanceof Blob ? options.body : undefined;
  if (options.body !== undefined && !raw) headers['content-type'] = 'application/json';
  // A call's own authorization (the punchout page asks about a session not yet kept) stands.
  if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      ...(options.body !== undefined ? { body: raw ?? JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(
      0,
      'Network Error',
      'network',
      'The shop could not be reached. Check your connection.',
    );
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
