/** What the app uses of the health check: its route. */
export { healthRoutesPlugin } from './plugin.js';
