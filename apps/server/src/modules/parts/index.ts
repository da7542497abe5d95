/** What other modules and the app may use of the catalog: a part, a page of it, the search, price breaks, many parts by id or number, the routes. */
export { type BuyerContractPrices, withContractPrices } from './buyer-prices.js';
export { consumeIncoming, type PartPlanning, planningOf } from './incoming.js';
export { setIncoming } from './incoming-edit.js';
export { obsoleteRefusal } from './lifecycle.js';
export {
  type NamedPart,
  partsByIds,
  partsByNameWords,
  partsByNumberPrefix,
  partsByNumbers,
} from './lookups.js';
export { notMultipleRefusal } from './order-multiple.js';
export { partRoutesPlugin } from './plugin.js';
export { findPart } from './repository.js';
export { type BuyerNumbers, type BuyerPartNumbers, searchCatalog, type ToolParts } from './search.js';
export { getPart, listCatalog, priceBreaksOf } from './service.js';
