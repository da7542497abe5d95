/** What other modules and the app may use of the catalog: a part, a page of it, the search, price breaks, the routes. */
export { obsoleteRefusal } from './lifecycle.js';
export { partRoutesPlugin } from './plugin.js';
export { findPart } from './repository.js';
export { type BuyerNumbers, type BuyerPartNumbers, searchCatalog, type ToolParts } from './search.js';
export { getPart, listCatalog, priceBreaksOf } from './service.js';
