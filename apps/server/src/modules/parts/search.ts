import {
  type CategoryAttribute,
  type Facet,
  MAX_FACET_VALUES,
  MAX_FILTER_VALUES,
  MAX_FILTERS,
  type SearchQuery,
} from '@shop/contract/catalog';
import { parseMeasure, parseMeasureRange } from '@shop/contract/measures';
import type { Part, PartSearchResult } from '@shop/contract/parts';
import { Id } from '@shop/contract/primitives';
import type { Database } from '../../db/database.js';
import { partNumberKey } from '../../db/text-search.js';
import { badRequest, notFound } from '../../http/app-error.js';
import { type CategoryTree, categoryTree } from '../categories/index.js';
import { type FacetCount, searchWithFacets } from './facet-search.js';
import { withAvailability } from './incoming.js';
import { partsByIds } from './repository.js';
import {
  categoriesFound,
  numberInCatalog,
  type SearchScope,
  searchParts,
  type ValueFilter,
  wordsInCatalog,
} from './search-repository.js';
import { searchWords, tolerantWords } from './search-words.js';
import { toPart } from './service.js';

/** The search's fixed parameters; every other one must be an `f.<key>` filter. */
const FIXED = new Set(['q', 'category', 'inStock', 'lifecycle', 'tool', 'sort', 'limit', 'offset']);
/** Without a chosen category, the facets are those of the categories most of the parts found are in. */
const FOUND_CATEGORIES = 3;
const MAX_FACETS = 12;

/**
 * What the catalog reads of the tool models; given by the app (app.ts), as the tools module
 * reads the parts it lists.
 */
export interface ToolParts {
  /** The parts on the parts lists of the tools whose model `text` names (punctuation ignored). */
  byModel(db: Database, text: string): Promise<string[]>;
  /** The parts on a tool's parts list (none: no such tool). */
  ofTool(db: Database, toolId: string): Promise<string[] | undefined>;
  /** The tools each part fits, with its position. */
  fitsOf(db: Database, partIds: string[]): Promise<Map<string, NonNullable<Part['fitsTools']>>>;
}

/**
 * What the catalog reads of a buyer's own part numbers (customer part numbers); given by the app
 * (app.ts), as that module reads the parts.
 */
export interface BuyerPartNumbers {
  /** A signed-in buyer's numbers: their company's when they belong to one, else their own. */
  forBuyer(db: Database, buyerId: string): Promise<BuyerNumbers>;
}

/** One buyer's numbers. */
export interface BuyerNumbers {
  /**
   * The parts whose number is `key` (a partNumberKey) exactly, and those whose number starts with
   * it when it has 3 characters or more (a bounded few).
   */
  find(key: string): Promise<{ exact: string[]; prefix: string[] }>;
  /** The buyer's numbers of these parts: part → number. */
  of(partIds: readonly string[]): Promise<Map<string, string>>;
}

/** Parts with the buyer's own numbers for them, when there is a buyer. */
export async function withBuyerNumbers(numbers: BuyerNumbers | undefined, parts: Part[]): Promise<Part[]> {
  if (!numbers || parts.length === 0) return parts;
  const found = await numbers.of(parts.map((part) => part._id));
  return parts.map((part) => {
    const customerPartNumber = found.get(part._id);
    return customerPartNumber === undefined ? part : { ...part, customerPartNumber };
  });
}

/** Parts with the tools they fit. */
export async function withFits(db: Database, tools: ToolParts, parts: Part[]): Promise<Part[]> {
  const fits = await tools.fitsOf(
    db,
    parts.map((part) => part._id),
  );
  return parts.map((part) => ({ ...part, fitsTools: fits.get(part._id) ?? [] }));
}

/** Each attribute a filter may name: the category's, or without one, every category's. */
function attributesInScope(
  tree: CategoryTree,
  categoryId: string | undefined,
): Map<string, CategoryAttribute> {
  const found = new Map<string, CategoryAttribute>();
  for (const id of categoryId ? [categoryId] : tree.byId.keys())
    for (const attribute of tree.attributesOf(id))
      if (!found.has(attribute.key)) found.set(attribute.key, attribute);
  return found;
}

/** One `f.<key>` filter read by its attribute's type; a value that is none of it → 400 naming it. */
function readFilter(attribute: CategoryAttribute, text: string): ValueFilter {
  const name = `f.${attribute.key}`;
  const fail = (why: string) => badRequest(`${name}: ${why}`);
  if (attribute.type === 'number' && text.includes('..')) {
    const range = parseMeasureRange(text, attribute.unit);
    if (!range)
      throw fail(
        `must be a range lo..hi of numbers${attribute.unit ? ` in ${attribute.unit}` : ''} (10k.., ..3.3, 1u..10u)`,
      );
    return { key: attribute.key, kind: 'range', ...range };
  }
  const items = text.split(',').map((item) => item.trim());
  if (items.length > MAX_FILTER_VALUES) throw fail(`must list at most ${MAX_FILTER_VALUES} values`);
  if (items.some((item) => item === '')) throw fail('must list values separated by commas');
  if (attribute.type === 'number') {
    const values = items.map((item) => parseMeasure(item, attribute.unit));
    if (values.some((value) => value === undefined))
      throw fail(
        `must be numbers${attribute.unit ? ` in ${attribute.unit}` : ''} (4.7u, 10k, 1.5M) or a range lo..hi`,
      );
    return { key: attribute.key, kind: 'numbers', values: values as number[] };
  }
  if (attribute.type === 'boolean' && items.some((item) => item !== 'true' && item !== 'false'))
    throw fail('must be true or false');
  return { key: attribute.key, kind: 'texts', values: items };
}

/** The `f.<key>` filters of a query string; any other parameter the search does not know → 400. */
function readFilters(
  raw: Record<string, unknown>,
  attributes: Map<string, CategoryAttribute>,
): ValueFilter[] {
  const filters: ValueFilter[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (FIXED.has(name)) continue;
    if (!name.startsWith('f.')) throw badRequest(`${name}: unknown parameter`);
    const attribute = attributes.get(name.slice(2));
    if (!attribute) throw badRequest(`${name}: unknown attribute${raw.category ? ' in this category' : ''}`);
    if (typeof value !== 'string') throw badRequest(`${name}: must be given once`);
    if (value.length > 2000) throw badRequest(`${name}: must be at most 2000 characters`);
    filters.push(readFilter(attribute, value));
  }
  if (filters.length > MAX_FILTERS) throw badRequest(`at most ${MAX_FILTERS} filters`);
  return filters;
}

/** What the search's `q` names: a part id, a part number (the buyer's own too), a tool model and words. */
async function readText(
  db: Database,
  q: string | undefined,
  tools: ToolParts,
  buyer: BuyerNumbers | undefined,
): Promise<SearchScope['text']> {
  const text = q?.trim() ?? '';
  const words = searchWords(text);
  const numberKey = partNumberKey(text);
  if (words.length === 0 && numberKey === '') return undefined;
  const customer = buyer && numberKey ? await buyer.find(numberKey) : undefined;
  return {
    ...(Id.safeParse(text).success ? { id: text.toLowerCase() } : {}),
    ...(numberKey ? { numberKey } : {}),
    ...(customer ? { customerExact: customer.exact, customerPrefix: customer.prefix } : {}),
    toolPartIds: numberKey.length >= 2 ? await tools.byModel(db, text) : [],
    words,
    // A part's own number is no misspelling: its words are taken as they are.
    known:
      customer?.exact.length || (numberKey && (await numberInCatalog(db, numberKey)))
        ? new Set(tolerantWords(words))
        : await wordsInCatalog(db, words),
  };
}

/**
 * The facets to count: the chosen category's attributes, else those of the categories found
 * (then with how many parts found are in a category: `found`).
 */
async function facetsToCount(
  db: Database,
  tree: CategoryTree,
  scope: SearchScope,
  filters: ValueFilter[],
  categoryId: string | undefined,
): Promise<{ facets: { attribute: CategoryAttribute; categoryIds: string[] }[]; found?: number }> {
  if (categoryId && tree.attributesOf(categoryId).length > 0)
    return {
      facets: tree
        .attributesOf(categoryId)
        .map((attribute) => ({ attribute, categoryIds: tree.subtree(categoryId) })),
    };
  // Without a category, only a narrowed search has facets: counting the whole catalog's would
  // read every part for a page that shows the categories to choose from instead.
  if (!categoryId && !scope.text && !scope.partIds) return { facets: [] };
  const found = await categoriesFound(db, scope, filters, FOUND_CATEGORIES);
  const facets = new Map<string, { attribute: CategoryAttribute; categoryIds: string[] }>();
  for (const id of found.ids)
    for (const attribute of tree.attributesOf(id)) {
      const known = facets.get(attribute.key);
      if (known && known.attribute.type === attribute.type && known.attribute.unit === attribute.unit)
        known.categoryIds.push(id);
      else if (!known) facets.set(attribute.key, { attribute, categoryIds: [id] });
    }
  return { facets: [...facets.values()].slice(0, MAX_FACETS), found: found.parts };
}

/** A facet as the answer names it, from its counted values. */
function facetOf(attribute: CategoryAttribute, rows: FacetCount[]): Facet {
  const facet: Facet = {
    key: attribute.key,
    name: attribute.name,
    type: attribute.type,
    ...(attribute.unit ? { unit: attribute.unit } : {}),
    values: rows.map(({ value, count }) => ({
      value: attribute.type === 'boolean' ? value === 'true' : value,
      count,
    })),
  };
  const [first] = rows;
  if (attribute.type === 'number' && first && first.min !== null && first.max !== null)
    return { ...facet, min: first.min, max: first.max };
  return facet;
}

/**
 * `GET /api/catalog/search` (docs/api.md part three): the parts the query finds, a page of them
 * in its order, and the facet counts, each counted with every filter but its own. For a signed-in
 * buyer (`buyer`, their numbers), `q` also finds parts by the buyer's own numbers, and the parts
 * carry them.
 */
export async function searchCatalog(
  db: Database,
  query: SearchQuery,
  raw: Record<string, unknown>,
  tools: ToolParts,
  buyer?: BuyerNumbers,
): Promise<PartSearchResult> {
  const tree = await categoryTree(db);
  if (query.category && !tree.byId.has(query.category)) throw notFound('category');
  const filters = readFilters(raw, attributesInScope(tree, query.category));
  let partIds: string[] | undefined;
  if (query.tool) {
    partIds = await tools.ofTool(db, query.tool);
    if (!partIds) throw notFound('tool');
  }
  const text = await readText(db, query.q, tools, buyer);
  const scope: SearchScope = {
    ...(query.category ? { categoryIds: tree.subtree(query.category) } : {}),
    ...(query.inStock ? { inStock: true } : {}),
    ...(query.lifecycle === 'active' ? { activeOnly: true } : {}),
    ...(partIds ? { partIds } : {}),
    ...(text ? { text } : {}),
  };
  const sort = query.sort ?? (text ? 'relevance' : 'newest');
  const { facets: wanted, found: inCategories } = await facetsToCount(
    db,
    tree,
    scope,
    filters,
    query.category,
  );
  const page = { sort, limit: query.limit, offset: query.offset };
  if (wanted.length === 0) {
    // The whole catalog, or nothing to count: a page in an index's order, and the count.
    const found = await searchParts(db, scope, filters, page);
    const parts = await withFits(db, tools, await withAvailability(db, found.rows.map(toPart)));
    return { total: found.total, parts: await withBuyerNumbers(buyer, parts), facets: [] };
  }
  const found = await searchWithFacets(
    db,
    scope,
    filters,
    wanted.map(({ attribute, categoryIds }) => ({
      key: attribute.key,
      categoryIds,
      numeric: attribute.type === 'number',
    })),
    {
      ...page,
      facetValues: MAX_FACET_VALUES,
      ...(inCategories === undefined ? {} : { found: inCategories }),
    },
  );
  const rows = new Map((await partsByIds(db, found.ids)).map((row) => [row.id, row]));
  const parts = found.ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toPart(row)] : [];
  });
  return {
    total: found.total,
    parts: await withBuyerNumbers(buyer, await withFits(db, tools, await withAvailability(db, parts))),
    facets: wanted.map(({ attribute }) => facetOf(attribute, found.facets.get(attribute.key) ?? [])),
  };
}
