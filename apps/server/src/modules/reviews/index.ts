/** What other modules and the app may use of reviews: the newest ones, and the routes. */
export { reviewRoutesPlugin } from './plugin.js';
export { listNewestReviews } from './service.js';
