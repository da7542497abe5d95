/** What the app may use of bills of materials: the route, and the shape of the buyer's own numbers' lookup it takes. */
export { bomRoutesPlugin } from './plugin.js';
export type { CustomerNumberLookup } from './service.js';
