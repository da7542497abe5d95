/** The catalog's categories: the admin's page, and the list other features choose from. */
export { useCategories } from './api/categories';
export { inTreeOrder, type PlacedCategory } from './tree';
