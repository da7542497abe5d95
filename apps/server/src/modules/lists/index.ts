/** What the app uses of saved lists: their routes. */
export { listRoutesPlugin } from './plugin.js';
