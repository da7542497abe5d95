import { partsQuery } from '../../parts';

/** How many parts a page of Manage Product shows. */
export const MANAGED_PARTS_PAGE_SIZE = 10;

/** A page of Manage Product: `q` searches the names (docs/product.md §2). */
export const managedPartsQuery = (offset: number, q: string) =>
  partsQuery({ limit: MANAGED_PARTS_PAGE_SIZE, offset, q });
