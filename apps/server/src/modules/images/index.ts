/** What other modules and the app may use of part pictures: saving one, and the routes. */
export { imageRoutesPlugin } from './plugin.js';
export { saveImage } from './storage.js';
