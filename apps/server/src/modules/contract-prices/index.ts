/**
 * What the app and other modules may use of contract prices: the routes, the prices that apply
 * for a company or a buyer (one query for many parts), the catalog's view of them, and adding an
 * accepted quote's prices.
 */
export { catalogContractPrices } from './catalog-links.js';
export { contractPriceRoutesPlugin } from './plugin.js';
export { addPrices, buyerContractPrices, companyContractPrices, type PriceToKeep } from './service.js';
