/** docs/product.md §9: the storefront lists (the home page and /parts) show the first 6 parts. */
export const STOREFRONT_PARTS = 6;

/** The request those lists make. The server preloads its answer with the pages that show them. */
export const STOREFRONT_PARTS_PATH = `/api/parts?limit=${STOREFRONT_PARTS}`;

/** The pages that show the storefront list. */
export const STOREFRONT_PAGES: readonly string[] = ['/', '/home', '/parts'];

/** The full catalog page (/catalog) lists this many parts a page. */
export const CATALOG_PAGE_SIZE = 24;

/** The request of its first page in catalog order, which the server renders /catalog with. */
export const CATALOG_FIRST_PAGE_PATH = `/api/parts?limit=${CATALOG_PAGE_SIZE}`;

/**
 * The orders `GET /api/parts` lists in: `catalog` (oldest first, the default), `name` (A–Z),
 * `-name` (Z–A), `newest` (newest first). Here, beside no schema, so that the storefront's first
 * download need not carry the parts' schemas.
 */
export const PART_SORTS = ['catalog', 'name', '-name', 'newest'] as const;
export type PartSort = (typeof PART_SORTS)[number];
export const DEFAULT_PART_SORT: PartSort = 'catalog';
