/** What other modules and the app may use of quotes: one quote, its lines and request, the routes. */
export type { QuoteLineRow } from '../../db/schema.js';
export { quoteBackgroundTasks, quoteRoutesPlugin } from './plugin.js';
export { quoteLines, readQuote, requestMessage } from './reads.js';
export { expireQuotes } from './service.js';
