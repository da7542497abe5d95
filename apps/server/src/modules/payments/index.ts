/** What other modules and the app may use of payments: the provider, reconciling, the routes. */
export { paymentProvider } from './choice.js';
export { paymentRoutesPlugin } from './plugin.js';
export { paymentBackgroundTasks, paymentsPlugin } from './provider-plugin.js';
export { reconcilePayments, releaseIntents } from './reconcile.js';
export type { PaymentDeps } from './service.js';
export { testProvider } from './test-provider.js';
