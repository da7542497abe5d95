/** What other modules and the app may use of the catalog's categories. */
export { categoryRoutesPlugin } from './plugin.js';
export { CategoryTree, categoryTree, listCategories } from './service.js';
