/** docs/product.md §9: the storefront lists (the home page and /parts) show the first 6 parts. */
export const STOREFRONT_PARTS = 6;

/** The full catalog page (/catalog) lists this many parts a page. */
export const CATALOG_PAGE_SIZE = 24;

/**
 * The orders `GET /api/parts` lists in: `catalog` (oldest first, the default), `name` (A–Z),
 * `-name` (Z–A), `newest` (newest first). Here, beside no schema, so that the storefront's first
 * download need not carry the parts' schemas.
 */
export const PART_SORTS = ['catalog', 'name', '-name', 'newest'] as const;
export type PartSort = (typeof PART_SORTS)[number];
export const DEFAULT_PART_SORT: PartSort = 'catalog';

/** The finder's orders (`GET /api/catalog/search`): here, beside no schema, for the catalog page. */
export const PART_SEARCH_SORTS = ['relevance', 'price', '-price', 'name', 'newest'] as const;
export type PartSearchSort = (typeof PART_SEARCH_SORTS)[number];
