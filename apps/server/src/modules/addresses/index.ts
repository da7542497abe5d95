/** What other modules and the app may use of a buyer's saved delivery addresses. */
export { addressRoutesPlugin } from './plugin.js';
export { addressesOf } from './repository.js';
