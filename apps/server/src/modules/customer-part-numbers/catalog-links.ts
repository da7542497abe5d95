import type { Database } from '../../db/database.js';
import { partNumberKey } from '../../db/text-search.js';
import type { Caller } from '../../http/auth-guard.js';
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
 * A bill of materials' lookup by the buyer's own numbers (bom/service.ts CustomerNumberLookup):
 * each number as written → its part and the number as kept, in one query for the whole list.
 * Given to the BOM by the app.
 */
export async function bomCustomerNumbers(
  db: Database,
  caller: Caller,
  written: readonly string[],
): Promise<Map<string, { partsId: string; number: string }>> {
  const keys = new Map(written.map((number) => [number, partNumberKey(number)] as const));
  const parts = await partsByCustomerNumberKeys(db, await numberOwnerOf(db, caller.id), [
    ...new Set(keys.values()),
  ]);
  return new Map(
    [...keys].flatMap(([number, key]) => {
      const found = parts.get(key);
      return found ? [[number, found] as const] : [];
    }),
  );
}
