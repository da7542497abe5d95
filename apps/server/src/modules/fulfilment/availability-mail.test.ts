import { describe, expect } from 'vitest';
import { signUpVerified } from '../../test-support/accounts.js';
import { mailTest } from '../../test-support/fixture.js';
import { clientSecretFor, confirmCard } from '../../test-support/invoice-orders.js';
import { addedPart } from '../../test-support/parts.js';
import type { TestMailServer } from '../../test-support/smtp-server.js';

/** The buyer of a backorder hears by mail when its waiting pieces arrive, and at each shipment. */
mailTest.override('shopOptions', {
  demo: false,
  env: {
    MAIL_FROM: 'Shop <orders@parts-shop.example>',
    MAIL_RETRY_SECONDS: '1',
    PUBLIC_URL: 'https://parts-shop.example',
  },
});
const test = mailTest.override('buyer', ({ shop }) =>
  signUpVerified(shop.app, shop.database.db, { name: 'Production Planner' }),
);

async function mailsAbout(smtp: TestMailServer, subject: RegExp, count: number) {
  const deadline = Date.now() + 15_000;
  const matching = () => smtp.received.filter((mail) => subject.test(mail.subject ?? ''));
  while (matching().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return matching();
}

describe('the mails of a backorder', () => {
  test('tell the buyer each shipment, and when every waiting piece is here', async ({
    shop,
    as,
    admin,
    buyer,
    smtp,
  }) => {
    const partId = await addedPart(as(admin), { name: 'Heating element', price: 2, available: 6, min: 1 });
    await as(admin).put(`/api/parts/${partId}/incoming`, { batches: [], backorderable: true });
    const placed = await as(buyer).post('/api/orders', {
      lines: [{ partsId: partId, quantity: 20 }],
      mobile: '+880 1819 000111',
      address: 'Plot 7, CEPZ, Chattogram',
    });
    const orderId = placed.json().insertedId as string;
    await confirmCard(shop.app, buyer, await clientSecretFor(shop.app, buyer, orderId));
    const ship = (quantity: number, trackingNumber: string) =>
      as(admin).post(`/api/purchaseById/${orderId}/shipments`, {
        lines: [{ partsId: partId, quantity }],
        carrier: 'DHL Express',
        trackingNumber,
      });
    expect((await ship(6, 'JD0001')).statusCode).toBe(201);
    const [first] = await mailsAbout(smtp, /^Your order SO-\d{6}: a shipment is on its way$/, 1);
    expect(first?.to && 'text' in first.to ? first.to.text : '').toBe(buyer.email);
    expect(first?.text).toContain('Tracking number: JD0001');
    expect(first?.text).toContain('  Heating element: 6 pcs');
    expect(first?.text).toContain('Still to come:\n  Heating element: 14 pcs');

    expect((await as(admin).post(`/api/parts/${partId}/receive`, { quantity: 14 })).statusCode).toBe(200);
    const [ready] = await mailsAbout(smtp, /^Your order SO-\d{6}: Heating element is here$/, 1);
    expect(ready?.text).toContain('We ship them next.');
    expect(ready?.text).toContain('Every piece of your order is here now.');

    expect((await ship(14, 'JD0002')).statusCode).toBe(201);
    const both = await mailsAbout(smtp, /^Your order SO-\d{6}: a shipment is on its way$/, 2);
    expect(both).toHaveLength(2);
    expect(both[1]?.text).toContain('This was the last shipment of your order.');
  });
});
