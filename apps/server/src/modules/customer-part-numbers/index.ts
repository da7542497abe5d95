/**
 * What the app and other modules may use of customer part numbers: the routes, whose numbers a
 * buyer keeps, and the lookups the catalog search, orders and a bill of materials make (one query
 * for many keys or parts).
 */
export { bomCustomerNumbers, catalogCustomerNumbers } from './catalog-links.js';
export { customerPartNumberRoutesPlugin } from './plugin.js';
export {
  customerNumbersOfBuyer,
  customerNumbersOfParts,
  type NumberOwner,
  numberOwner,
  numberOwnerOf,
  partsByCustomerNumber,
  partsByCustomerNumberKeys,
} from './service.js';
