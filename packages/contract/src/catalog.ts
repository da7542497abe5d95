import { z } from 'zod';
import { Id, line, NO_CONTROL_MESSAGE, noControlCharacters } from './primitives.js';
import { PART_SEARCH_SORTS } from './storefront.js';

/**
 * Finding the part (docs/api.md part three): categories and the attributes their parts carry,
 * and the catalog search by words, numbers and specification.
 */

export const ATTRIBUTE_TYPES = ['number', 'text', 'boolean'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** An attribute key: what filters name (`f.<key>`) and part bodies use. */
export const AttributeKey = z
  .string({ error: 'must be an attribute key' })
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be 1–40 lower-case letters, digits or _, starting with a letter');

export const CategoryAttribute = z.object({
  key: AttributeKey,
  name: line({ min: 1, max: 60 }),
  type: z.enum(ATTRIBUTE_TYPES, { error: `must be one of ${ATTRIBUTE_TYPES.join(', ')}` }),
  unit: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(8, 'must be at most 8 characters')
    .regex(/^[^\s\d.,+-]+$/u, 'must be a unit symbol such as Ω, F, W, V, m or s')
    .optional()
    .describe('for numbers: the base unit the values are kept in (Ω, F, W, V, A, m, s, Hz, °C, …)'),
});
export type CategoryAttribute = z.infer<typeof CategoryAttribute>;

/**
 * The UNSPSC code procurement systems classify a category's parts by: 8 digits (segment, family,
 * class, commodity), such as 27111700. "Transfer to procurement" sends it for each line.
 */
export const UNSPSC_PATTERN = /^[0-9]{8}$/;
export const UNSPSC_RULE = 'must be exactly 8 digits, such as 27111700';
export const UnspscCode = z
  .string({ error: UNSPSC_RULE })
  .regex(UNSPSC_PATTERN, UNSPSC_RULE)
  .describe('the UNSPSC code (8 digits) procurement systems classify its parts by');

/** Bounds that keep a category's answer and its search small. */
export const MAX_CATEGORY_ATTRIBUTES = 30;
export const MAX_CATEGORIES = 1000;

export const CategoryBody = z
  .object({
    name: line({ min: 1, max: 80 }),
    parentId: Id.nullish().describe('the category it sits in; none: a top category'),
    attributes: z
      .array(CategoryAttribute, { error: 'must be a list of attributes' })
      .max(MAX_CATEGORY_ATTRIBUTES, `must have at most ${MAX_CATEGORY_ATTRIBUTES} attributes`)
      .default([]),
    unspsc: UnspscCode.nullish().describe(
      'the UNSPSC code (8 digits) its parts are sent to procurement with; null: none; left out of a PUT: kept as it is',
    ),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.attributes.forEach((attribute, index) => {
      if (seen.has(attribute.key))
        ctx.addIssue({ code: 'custom', path: ['attributes', index, 'key'], message: 'is used twice' });
      seen.add(attribute.key);
      if (attribute.unit && attribute.type !== 'number')
        ctx.addIssue({ code: 'custom', path: ['attributes', index, 'unit'], message: 'is only for numbers' });
    });
  });
export type CategoryBody = z.output<typeof CategoryBody>;

export const Category = z.object({
  _id: Id,
  name: z.string(),
  parentId: Id.optional(),
  partCount: z.number().int().describe('parts in the category and its sub-categories'),
  attributes: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      type: z.enum(ATTRIBUTE_TYPES),
      unit: z.string().optional(),
    }),
  ),
  unspsc: z
    .string()
    .optional()
    .describe("its own UNSPSC code; a part of a category without one is sent with its nearest parent's"),
});
export type Category = z.infer<typeof Category>;

/** A part's lifecycle: active, not recommended for new designs, or obsolete (cannot be ordered). */
export const LIFECYCLES = ['active', 'nrnd', 'obsolete'] as const;
export type Lifecycle = (typeof LIFECYCLES)[number];
export const LIFECYCLE_NAMES: Record<Lifecycle, string> = {
  active: 'Active',
  nrnd: 'Not recommended for new designs',
  obsolete: 'Obsolete',
};

export const PartDocument = z.object({
  title: line({ min: 1, max: 80 }),
  url: z
    .string({ error: 'must be a document address' })
    .trim()
    .max(2000, 'must be at most 2000 characters')
    .refine(noControlCharacters, NO_CONTROL_MESSAGE)
    .refine(
      (value) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value) || /^\/(?!.*\.\.)[A-Za-z0-9._/-]+$/.test(value),
      'must be an http(s) address or a path of the shop (/documents/…)',
    )
    .describe('an http(s) address, or a document the shop serves'),
});
export type PartDocument = z.infer<typeof PartDocument>;
export const MAX_PART_DOCUMENTS = 10;

/** A value as a part body sends it: numbers also as written with a prefix and unit (`4.7u`). */
export const AttributeValue = z.union(
  [z.number(), z.string().max(100, 'must be at most 100 characters'), z.boolean()],
  {
    error: 'must be a number, a text or true/false',
  },
);
export const AttributeValues = z
  .record(AttributeKey, AttributeValue, { error: 'must be an object of attribute values' })
  .refine((values) => Object.keys(values).length <= MAX_CATEGORY_ATTRIBUTES, {
    message: `must have at most ${MAX_CATEGORY_ATTRIBUTES} attributes`,
  });

export { PART_SEARCH_SORTS, type PartSearchSort } from './storefront.js';

const flag = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

/** A search's words or number: at most this long (a longer one finds nothing a shorter would not). */
export const MAX_SEARCH_LENGTH = 200;

/**
 * `GET /api/catalog/search`'s fixed parameters; `f.<key>` filters are read beside them
 * (parseFilters), since their keys depend on the category.
 */
export const SearchQuery = z.object({
  q: z
    .string()
    .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)
    .refine(noControlCharacters, NO_CONTROL_MESSAGE)
    .optional()
    .describe(
      'a part id, a manufacturer part number (case, spaces, - / . ignored; exact first, then prefix of 3+), a tool model, or words',
    ),
  category: Id.optional().describe('the category, sub-categories included'),
  inStock: flag
    .optional()
    .describe(
      'true: only parts with pieces in stock for the least order (the minimum, rounded up to the order multiple)',
    ),
  lifecycle: z
    .enum(['active'], { error: 'must be active' })
    .optional()
    .describe('active: leave out nrnd and obsolete parts'),
  tool: Id.optional().describe('a tool model: only the parts on its parts list'),
  sort: z
    .enum(PART_SEARCH_SORTS, { error: `must be one of ${PART_SEARCH_SORTS.join(', ')}` })
    .optional()
    .describe('relevance (default with q), price, -price, name, newest (default without q)'),
  limit: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number from 1 to 100')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100'))
    .optional()
    .default(24),
  offset: z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number from 0 to 9999999')
    .transform(Number)
    .optional()
    .default(0),
});
export type SearchQuery = z.output<typeof SearchQuery>;

/** At most this many `f.` filters, values in one list filter, and values a facet lists. */
export const MAX_FILTERS = 20;
export const MAX_FILTER_VALUES = 50;
export const MAX_FACET_VALUES = 50;

export const FacetValue = z.object({
  value: z.union([z.string(), z.number(), z.boolean()]),
  count: z.number().int(),
});
export const Facet = z.object({
  key: z.string(),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  unit: z.string().optional(),
  values: z.array(FacetValue).optional().describe('the most common values, by count (at most 50)'),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type Facet = z.infer<typeof Facet>;
