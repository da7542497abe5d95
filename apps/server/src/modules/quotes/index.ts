/** What other modules and the app may use of quotes: one quote, its lines and messages, the routes. */
export { quoteBackgroundTasks, quoteRoutesPlugin } from './plugin.js';
export { findQuote, linesOf, messagesOf, type QuoteLineRow } from './repository.js';
export { expireQuotes } from './service.js';
