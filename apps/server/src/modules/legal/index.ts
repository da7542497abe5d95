/** What the app uses of the shop's legal pages: the operator they name, and its route. */
export { legalRoutesPlugin } from './plugin.js';
export { operatorOf } from './service.js';
