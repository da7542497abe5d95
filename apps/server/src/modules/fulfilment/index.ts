/** What the app uses of fulfilment (shipping orders): its routes. */
export { fulfilmentRoutesPlugin } from './plugin.js';
