/**
 * What other modules and the app may use of webhooks: the plugin (routes and sender), and
 * `emitWebhookEvent`, which queues an event in the caller's transaction. It imports no order,
 * quote or fulfilment module: what an event says is given to it.
 */
export { emitWebhookEvent, type Listeners, listenersOf, type ShopEvent } from './events.js';
export { webhooksPlugin } from './plugin.js';
