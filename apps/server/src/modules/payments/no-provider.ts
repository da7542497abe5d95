import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '@shop/contract/payments';
import { AppError } from '../../http/app-error.js';
import { type PaymentProvider, WebhookRefused } from './provider.js';

export const paymentsNotConfigured = () =>
  new AppError('payments_not_configured', PAYMENTS_NOT_CONFIGURED_MESSAGE);

/**
 * A shop that takes no cards (production with no PAYMENT_PROVIDER): it still sells and takes
 * orders; the payment calls answer 503 `payments_not_configured` (payments/service.ts), it knows
 * no intent, and no event is ever signed for it.
 */
export function noProvider(): PaymentProvider {
  return {
    name: 'none',
    testMode: false,
    async createIntent() {
      throw paymentsNotConfigured();
    },
    async retrieve() {
      return undefined;
    },
    async cancelIntent() {
      return undefined;
    },
    verifyWebhook() {
      throw new WebhookRefused('This shop takes no card payments');
    },
  };
}
