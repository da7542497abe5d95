import type { BuyerContractPrices } from '../parts/index.js';
import { buyerContractPrices } from './service.js';

/**
 * The catalog's view of a buyer's contract prices (parts/buyer-prices.ts): what a part's answer
 * and the search carry for a signed-in member. Given to the catalog by the app.
 */
export const catalogContractPrices: BuyerContractPrices = {
  of: (db, buyerId, partIds) => buyerContractPrices(db, buyerId, partIds),
};
