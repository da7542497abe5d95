import { describe, expect } from 'vitest';
import { signUpVerified } from '../../test-support/accounts.js';
import { test } from '../../test-support/fixture.js';
import { outboxRows, purchase } from '../../test-support/order-mails.js';

// Beside mail.test.ts: a shop without SMTP_URL (the fixture's own settings).
describe('without SMTP_URL', () => {
  test('queues and sends nothing', async ({ shop, as, admin }) => {
    const part = await as(admin).post('/api/parts', {
      name: 'Wire Stripper',
      desc: 'Self-adjusting',
      img: 'https://example.com/stripper.webp',
      min_order_quantity: 1,
      available_quantity: 10,
      price_per_piece: 5,
    });
    const buyer = await signUpVerified(shop.app, shop.database.db);
    await purchase(as(buyer), part.json().insertedId, 2);
    expect(await outboxRows(shop)).toEqual([]);
  });
});
