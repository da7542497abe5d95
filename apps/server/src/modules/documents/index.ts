/** What other modules and the app may use of the documents the shop serves: a datasheet's PDF, a document's address, the route. */
export { type Datasheet, writeDatasheet } from './datasheet.js';
export { documentUrl } from './names.js';
export { documentRoutesPlugin } from './plugin.js';
