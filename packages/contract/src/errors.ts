import { z } from 'zod';

/** Every machine-readable error code the API answers with, and the status each comes with. */
export const errorStatus = {
  validation: 400,
  invalid_token: 400,
  /** Node could not read the request as HTTP at all (see http/error-handler.ts clientErrors). */
  bad_request: 400,
  unauthenticated: 401,
  card_declined: 402,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  order_expired: 409,
  too_many_unpaid_orders: 409,
  too_large: 413,
  unsupported_media_type: 415,
  /** An `If-Match` that names what the resource no longer is (a quote's offer changed since). */
  precondition_failed: 412,
  quantity_out_of_range: 422,
  /** An obsolete part cannot be ordered; the message names its replacement. */
  part_obsolete: 422,
  csv_invalid: 422,
  csv_rows_refused: 422,
  amount_limit: 422,
  payment_not_confirmed: 422,
  too_many_lists: 422,
  too_many_addresses: 422,
  too_many_messages: 422,
  unknown_part: 422,
  unknown_tool: 422,
  too_many_fleet_entries: 422,
  too_many_api_keys: 422,
  too_many_webhooks: 422,
  /** One customer part number given to two parts of one set. */
  duplicate_customer_part_number: 422,
  not_a_member: 422,
  headers_too_large: 431,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  google_not_configured: 503,
  invalid_code: 400,
  payments_not_configured: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** A row of an uploaded file that was refused: where it is, which column (null: the row as a whole) and why. */
export const RowProblem = z.object({
  line: z.number().int().describe('the line of the file the row starts on (the header is line 1)'),
  field: z.string().nullable().describe('the column at fault, or null when the row itself is broken'),
  message: z.string(),
});
export type RowProblem = z.infer<typeof RowProblem>;

/** The most row problems one answer lists; `rowsTotal` says how many there were in all. */
export const MAX_LISTED_ROW_PROBLEMS = 100;

/** A refused line of an order: its place in `lines` (from 0) and its part. */
export const RefusedLine = z.object({ line: z.number().int(), partsId: z.string() });
export type RefusedLine = z.infer<typeof RefusedLine>;

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    // Only errors about the rows of an uploaded file carry these.
    rows: z.array(RowProblem).optional().describe(`the refused rows (at most ${MAX_LISTED_ROW_PROBLEMS})`),
    rowsTotal: z.number().int().optional().describe('how many row problems there were in all'),
    // Only a bill of materials whose columns could not be chosen carries these.
    columns: z
      .array(z.string())
      .optional()
      .describe("a bill of materials' columns, as its header names them, to choose the mapping from"),
    // Only an order's refusals carry these: the lines at fault, by their place in `lines` (from 0).
    details: z
      .array(RefusedLine)
      .optional()
      .describe("the order's refused lines: their place in `lines` (from 0) and their part"),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
/** What an error may carry beyond its code and message. */
export type ErrorDetails = Omit<ErrorBody['error'], 'code' | 'message'>;
