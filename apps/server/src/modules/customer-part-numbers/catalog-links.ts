import { partNumberKey } from '../../db/text-search.js';
import type { CustomerNumberLookup } from '../bom/index.js';
import type { BuyerPartNumbers } from '../parts/index.js';
import {
  customerNumbersOfParts,
  numberOwnerOf,
  partsByCustomerNumber,
  partsByCustomerNumberKeys,
} from './service.js';

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

/**
 * What a bill of materials reads of the buyer's own numbers (bom/service.ts CustomerNumberLookup):
 * for each number as the BOM gives it, the part the buyer's (or their company's) number names,
 * compared as numbers compare; one query for the whole BOM besides the buyer's membership.
 */
export const bomCustomerNumbers: CustomerNumberLookup = async (db, caller, numbers) => {
  const owner = await numberOwnerOf(db, caller.id);
  const byKey = await partsByCustomerNumberKeys(db, owner, numbers.map(partNumberKey));
  const found = new Map<string, string>();
  for (const number of numbers) {
    const partId = byKey.get(partNumberKey(number));
    if (partId !== undefined) found.set(number, partId);
  }
  return found;
};
