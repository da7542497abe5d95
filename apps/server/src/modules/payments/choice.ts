import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { noProvider } from './no-provider.js';
import type { PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe-provider.js';
import { testProvider } from './test-provider.js';

/**
 * The card provider the configuration names, said out loud at every start where it matters: a
 * production shop taking test cards, or taking no cards at all.
 */
export async function paymentProvider(
  config: Pick<Config, 'env' | 'payments'>,
  db: Database,
  log: FastifyBaseLogger,
): Promise<PaymentProvider> {
  const { payments } = config;
  if (payments.provider === 'stripe') return stripeProvider(payments);
  if (payments.provider === 'none') {
    log.warn(
      'no card payment provider is configured (PAYMENT_PROVIDER): the shop takes orders but refuses card payments; set PAYMENT_PROVIDER=stripe with its keys',
    );
    return noProvider();
  }
  if (config.env === 'production') {
    log.warn(
      'PAYMENT_PROVIDER=test in production: card payments go to the built-in test processor, no money is taken, and the payment page says "Test mode"',
    );
  }
  return testProvider(db);
}
