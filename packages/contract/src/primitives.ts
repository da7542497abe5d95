import { z } from 'zod';

/** Opaque record id, as the API returns it in `_id`. */
export const Id = z.uuid({ message: 'must be a valid id' });

/**
 * A whole number sent as a JSON number or as a numeric string ("5").
 * `true`, `null`, objects, arrays and non-numeric strings are refused, never coerced.
 */
export function wholeNumber(opts: { min: number; max: number }) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/, 'must be a whole number'),
      ],
      {
        error: 'must be a whole number',
      },
    )
    .transform((value) => Number(value))
    .pipe(
      z
        .number()
        .int('must be a whole number')
        .min(opts.min, `must be at least ${opts.min}`)
        .max(opts.max, `must be at most ${opts.max}`),
    );
}

/** Paging of list calls: `limit` 1–100 (larger values are clamped to 100), `offset` ≥ 0. */
export const Paging = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 1 to 100')
    // Any number of digits is a number: a limit too long for a float is simply above 100.
    .transform((digits) => {
      const significant = digits.replace(/^0+(?=\d)/, '');
      return significant.length > 6 ? 100 : Number(significant);
    })
    .pipe(z.number().int().min(1, 'must be at least 1'))
    .transform((n) => Math.min(n, 100))
    .optional()
    .default(50)
    .describe('page size, 1–100 (default 50; larger values are clamped to 100)'),
  offset: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of at least 0')
    .transform(Number)
    .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER, 'is too large'))
    .optional()
    .default(0)
    .describe('how many items to skip (default 0)'),
});
export type Paging = z.output<typeof Paging>;

export const Acknowledged = z.object({ acknowledged: z.literal(true) });
export const Inserted = z.object({ insertedId: Id });

/**
 * No control characters (tab, line feed and carriage return excepted): they have no place in a
 * shop's text, and PostgreSQL refuses NUL outright.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const noControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);
export const NO_CONTROL_MESSAGE = 'must not contain control characters';

/** Text of a bounded length, trimmed; a JSON number is read as its text (a lossless reading). */
export function text(opts: { min: number; max: number; label?: string }) {
  return z
    .union([z.string(), z.number()], { error: 'must be text' })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(opts.min, opts.min === 1 ? 'is required' : `must be at least ${opts.min} characters`)
        .max(opts.max, `must be at most ${opts.max} characters`)
        .refine(noControlCharacters, NO_CONTROL_MESSAGE),
    );
}

/** Line breaks and tabs: a field of one line (a name, a number) holds none. */
export const NOT_ONE_LINE = /[\t\n\r\u0085\u2028\u2029]/;
export const NOT_ONE_LINE_MESSAGE = 'must be one line, without tabs or line breaks';

/**
 * Text of one line (a name, a label, a number): as `text`, and without tabs or line breaks, so
 * nothing a client writes can be laid out as lines of its own inside a mail, a PDF or a CSV.
 */
export function line(opts: { min: number; max: number }) {
  return text(opts).pipe(z.string().refine((value) => !NOT_ONE_LINE.test(value), NOT_ONE_LINE_MESSAGE));
}

/** An email address, trimmed and lower-cased: addresses compare case-insensitively. */
export const Email = z
  .string({ error: 'must be an email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email('must be an email address').max(254, 'must be at most 254 characters'));

export const EmailQuery = z.object({ email: Email });

/**
 * A refinement of a list that names each part at most once: the second item naming a part is
 * refused with `message` at its partsId.
 */
export function partsOnce(message: string) {
  return (items: readonly { partsId: string }[], ctx: z.RefinementCtx): void => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.partsId)) ctx.addIssue({ code: 'custom', path: [index, 'partsId'], message });
      seen.add(item.partsId);
    });
  };
}

/** Refines a list of lines to name each part at most once (the second line naming it is refused). */
export const eachPartOnce = partsOnce('names a part already on another line');
