/** What the app uses of the admin overview: its routes. */
export { overviewRoutesPlugin } from './plugin.js';
