import { CATALOG_PAGE_SIZE, PART_SEARCH_SORTS, type PartSearchSort } from '@shop/contract/storefront';

/**
 * What the parts finder (/catalog) shows, as its address holds it: `q`, `category`, `tool`,
 * `f.<key>` filters, `inStock=true`, `lifecycle=active`, `sort` and `offset` — the parameters of
 * `GET /api/catalog/search` (docs/api.md part three), so a link reproduces the search and the
 * back button goes back through the choices.
 */
export interface CatalogState {
  /** The search (a number, a tool model or words); '' for none. */
  q: string;
  /** The chosen category's id; '' for all. */
  category: string;
  /** A tool model's id: only the parts on its parts list ('' for any). */
  tool: string;
  /** Each filter as the API reads it: `a,b` (any of them) or `lo..hi`. */
  filters: Record<string, string>;
  inStock: boolean;
  activeOnly: boolean;
  /** '' for the search's default: relevance with `q`, newest without. */
  sort: PartSearchSort | '';
  /** The first part shown, a whole number of pages in. */
  offset: number;
}

/** The API's longest search (SearchQuery.q): a longer one in an address is cut, not refused. */
const MAX_SEARCH = 200;
/** The API's largest offset. */
const MAX_OFFSET = 9_999_999;
/** The API's most filters and longest filter value. */
const MAX_FILTERS = 20;
const MAX_FILTER_LENGTH = 2000;
/** An attribute key as the contract's AttributeKey takes it. */
const ATTRIBUTE_KEY = /^[a-z][a-z0-9_]{0,39}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sorts the finder offers, as its select names them. */
export const SORT_LABELS: Record<PartSearchSort, string> = {
  relevance: 'Best match',
  price: 'Price, low to high',
  '-price': 'Price, high to low',
  name: 'Name, A–Z',
  newest: 'Newest first',
};

const isSort = (value: string | null): value is PartSearchSort =>
  PART_SEARCH_SORTS.includes(value as PartSearchSort);

// biome-ignore lint/suspicious/noControlCharactersInRegex: the API refuses control characters.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * The finder's state from its address. What an address holds is read as something the page can
 * ask for: an unknown sort as the default, an offset that is no whole number as 0, a category
 * that is no id as none; a filter is kept as written (the API names a wrong one, the page shows it),
 * a repeated one as its values joined (`f.shape=chisel&f.shape=knife` is `chisel,knife`).
 */
export function readCatalogState(search: URLSearchParams): CatalogState {
  const sort = search.get('sort');
  const offset = search.get('offset') ?? '';
  const category = search.get('category') ?? '';
  const tool = search.get('tool') ?? '';
  const filters: Record<string, string> = {};
  for (const [name, value] of search) {
    const key = name.slice(2);
    const text = value.replace(CONTROL, '').trim();
    if (!name.startsWith('f.') || !ATTRIBUTE_KEY.test(key) || text === '') continue;
    // A filter repeated is the values a form's ticked boxes send without the app (facet-panel.tsx):
    // any of them, as `a,b` says.
    const earlier = filters[key];
    if (earlier !== undefined) filters[key] = `${earlier},${text}`.slice(0, MAX_FILTER_LENGTH);
    else if (Object.keys(filters).length < MAX_FILTERS) filters[key] = text.slice(0, MAX_FILTER_LENGTH);
  }
  return {
    q: (search.get('q') ?? '').replace(CONTROL, '').trim().slice(0, MAX_SEARCH),
    category: UUID.test(category) ? category.toLowerCase() : '',
    tool: UUID.test(tool) ? tool.toLowerCase() : '',
    filters,
    inStock: search.get('inStock') === 'true',
    activeOnly: search.get('lifecycle') === 'active',
    sort: isSort(sort) ? sort : '',
    offset: /^\d{1,7}$/.test(offset) ? Math.min(Number(offset), MAX_OFFSET) : 0,
  };
}

/** The address's search parameters for a state, in a fixed order; what is at its default is left out. */
export function catalogSearch(state: CatalogState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.q) search.set('q', state.q);
  if (state.category) search.set('category', state.category);
  if (state.tool) search.set('tool', state.tool);
  for (const key of Object.keys(state.filters).sort())
    if (state.filters[key]) search.set(`f.${key}`, state.filters[key] as string);
  if (state.inStock) search.set('inStock', 'true');
  if (state.activeOnly) search.set('lifecycle', 'active');
  if (state.sort) search.set('sort', state.sort);
  if (state.offset > 0) search.set('offset', String(state.offset));
  return search;
}

/** `GET /api/catalog/search`'s address for the page the state shows. */
export function searchPath(state: CatalogState): string {
  const search = catalogSearch(state);
  search.set('limit', String(CATALOG_PAGE_SIZE));
  return `/api/catalog/search?${search}`;
}

/** The state with one filter set (or taken away, for ''), back on the first page. */
export function withFilter(state: CatalogState, key: string, value: string): CatalogState {
  const filters = { ...state.filters };
  if (value) filters[key] = value;
  else delete filters[key];
  return { ...state, filters, offset: 0 };
}

/** The state in another category: the filters were the old category's, so they go. */
export const inCategory = (state: CatalogState, category: string): CatalogState => ({
  ...state,
  category,
  filters: {},
  offset: 0,
});

/** How many choices narrow the list beyond the search and category (the phone's "Filters (n)"). */
export const filterCount = (state: CatalogState): number =>
  Object.keys(state.filters).length + (state.inStock ? 1 : 0) + (state.activeOnly ? 1 : 0);

/** A text filter's values (`a,b`), or a number filter's chosen values when it is no range. */
export const filterValues = (value: string | undefined): string[] =>
  value && !value.includes('..') ? value.split(',').map((item) => item.trim()) : [];
