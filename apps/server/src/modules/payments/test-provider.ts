import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import type { PaymentProvider, ProviderIntent } from './provider.js';
import { WebhookRefused } from './provider.js';

/**
 * The shop's own card processor for offline use and tests: its intents live in the
 * payment_intents table, and cards are confirmed by `POST /api/payments/test/confirm`.
 */
export function testProvider(db: Database): PaymentProvider {
  return {
    name: 'test',
    testMode: true,
    async createIntent() {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}` };
    },
    async retrieve(intentId): Promise<ProviderIntent | undefined> {
      const row = await db
        .selectFrom('payment_intents')
        .selectAll()
        .where('id', '=', intentId)
        .where('provider', '=', 'test')
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          status: row.status,
          amountCents: Number(row.amount_cents),
          orderId: row.order_id,
        }
      );
    },
    async cancelIntent(intentId) {
      await db
        .updateTable('payment_intents')
        .set({ status: 'canceled', updated_at: new Date().toISOString() })
        .where('id', '=', intentId)
        .where('status', '!=', 'succeeded')
        .execute();
      return this.retrieve(intentId);
    },
    verifyWebhook() {
      throw new WebhookRefused('The test card provider sends no webhooks');
    },
  };
}
