/** What other modules and the app may use of the documents the shop serves: storing one, its address, the route. */
export { writeDatasheet } from './datasheet.js';
export { documentRoutesPlugin } from './plugin.js';
export { documentUrl, hasDocument, saveDocument } from './storage.js';
