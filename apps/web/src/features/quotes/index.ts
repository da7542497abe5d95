/**
 * What other features may use of quotes: the link that asks for one (the product page, the order
 * builder). The routes load its pages (pages/*.tsx) by their own modules.
 */
export { RequestQuoteLink } from './components/request-quote-link';
export { quoteRequestPath } from './quote-lines';
