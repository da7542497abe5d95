import { z } from 'zod';

/** Every machine-readable error code the API answers with, and the status each comes with. */
export const errorStatus = {
  validation: 400,
  unauthenticated: 401,
  card_declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  quantity_out_of_range: 422,
  amount_limit: 422,
  payment_not_confirmed: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  google_not_configured: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
