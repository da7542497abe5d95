import { CATALOG_PAGE_SIZE, DEFAULT_PART_SORT, PART_SORTS, type PartSort } from '@shop/contract/storefront';
import type { PartsParams } from './api/get-parts';

/** What /catalog shows, as its address holds it (?q=&sort=&page=), so a page can be shared and gone back to. */
export interface CatalogState {
  /** The search; '' for none. */
  q: string;
  sort: PartSort;
  /** From 1. */
  page: number;
}

/** The API's longest search (PartsQuery.q): a longer one in an address is cut, not refused. */
const MAX_SEARCH = 200;
/** Far beyond any catalog's last page, and a safe offset however large the page size. */
const MAX_PAGE = 1_000_000;

/** The sorts the catalog offers, as its select names them. */
export const SORT_LABELS: Record<PartSort, string> = {
  catalog: 'Catalog order',
  name: 'Name, A–Z',
  '-name': 'Name, Z–A',
  newest: 'Newest first',
};

const isSort = (value: string | null): value is PartSort => PART_SORTS.includes(value as PartSort);

/**
 * The catalog's state from its address. Whatever an address holds is read as something the page
 * can show: an unknown sort as catalog order, a page that is no whole number from 1 as page 1.
 */
export function readCatalogState(search: URLSearchParams): CatalogState {
  const sort = search.get('sort');
  const page = search.get('page') ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the API refuses control characters in a search.
  const q = (search.get('q') ?? '').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
  return {
    q: q.slice(0, MAX_SEARCH),
    sort: isSort(sort) ? sort : DEFAULT_PART_SORT,
    page: /^[1-9]\d{0,6}$/.test(page) ? Math.min(Number(page), MAX_PAGE) : 1,
  };
}

/** The address's search parameters for a state: what is at its default is left out (/catalog is page 1 in catalog order). */
export function catalogSearch(state: CatalogState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.q) search.set('q', state.q);
  if (state.sort !== DEFAULT_PART_SORT) search.set('sort', state.sort);
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}

/** The API's page of parts the state shows. */
export function catalogRequest(state: CatalogState): PartsParams {
  return {
    limit: CATALOG_PAGE_SIZE,
    offset: (state.page - 1) * CATALOG_PAGE_SIZE,
    ...(state.q ? { q: state.q } : {}),
    sort: state.sort,
  };
}

/** The page that holds the part at `offset` (what the pager asks for). */
export const pageAt = (offset: number): number => Math.floor(offset / CATALOG_PAGE_SIZE) + 1;
