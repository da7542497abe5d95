import type { BuyerPartNumbers } from '../parts/index.js';
import { customerNumbersOfParts, numberOwnerOf, partsByCustomerNumber } from './service.js';

/**
 * The catalog's view of a buyer's own part numbers (parts/search.ts BuyerPartNumbers): what the
 * search by number and a part's answer read for a signed-in buyer. Given to the catalog by the app,
 * as this module reads the parts.
 */
export const catalogCustomerNumbers: BuyerPartNumbers = {
  async forBuyer(db, buyerId) {
    const owner = await numberOwnerOf(db, buyerId);
    return {
      find: (key) => partsByCustomerNumber(db, owner, key),
      of: (partIds) => customerNumbersOfParts(db, owner, partIds),
    };
  },
};
