/** What other modules and the app may use of the catalog: a part, a page of it, the search, price breaks, the routes. */
export { noTools, partRoutesPlugin } from './plugin.js';
export { countPartsByCategory, findPart } from './repository.js';
export { searchCatalog, type ToolParts } from './search.js';
export { getPart, listCatalog, priceBreaksOf } from './service.js';
