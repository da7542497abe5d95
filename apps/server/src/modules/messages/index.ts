/** What the app uses of the contact messages: their routes. */
export { messageRoutesPlugin } from './plugin.js';
