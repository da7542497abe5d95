import { type ErrorCode, type ErrorDetails, errorStatus } from '@shop/contract/errors';

/**
 * A failure the client should hear about: its code, status and message end up in the error JSON,
 * with `details` (such as the refused rows of an uploaded file) beside them.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    status?: number,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status ?? errorStatus[code];
  }
}

/** A refusal that passes: the answer carries `retry-after` with the seconds to wait (429, 503). */
export class RetryLaterError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}

/** 429: too many attempts in the window of a limit (plugins/rate-limits.ts, auth/failure-windows.ts). */
export class RateLimitedError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super('rate_limited', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, retryAfterSeconds);
  }
}

export const notFound = (what: string) => new AppError('not_found', `No such ${what}`);
export const badRequest = (message: string) => new AppError('validation', message);
export const forbidden = (message = 'You may not do this') => new AppError('forbidden', message);
export const conflict = (message: string) => new AppError('conflict', message);
