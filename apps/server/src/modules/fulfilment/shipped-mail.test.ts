import { describe, expect } from 'vitest';
import { signUpVerified } from '../../test-support/accounts.js';
import { mailTest } from '../../test-support/fixture.js';
import { paidOrder } from '../../test-support/invoice-orders.js';
import type { TestMailServer } from '../../test-support/smtp-server.js';

/** The buyer hears by mail, through the outbox, when their order ships: carrier, tracking number, link. */
mailTest.override('shopOptions', {
  demo: false,
  env: {
    MAIL_FROM: 'Shop <orders@parts-shop.example>',
    MAIL_RETRY_SECONDS: '1',
    PUBLIC_URL: 'https://parts-shop.example',
  },
});
const test = mailTest.override('buyer', ({ shop }) =>
  signUpVerified(shop.app, shop.database.db, { name: 'Karnaphuli Assemblies' }),
);

const shippedMails = (smtp: TestMailServer) =>
  smtp.received.filter((mail) => /^Your order SO-\d{6} has shipped/.test(mail.subject ?? ''));
async function arrived(smtp: TestMailServer, count: number) {
  const deadline = Date.now() + 15_000;
  while (shippedMails(smtp).length < count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  return shippedMails(smtp);
}

describe('the shipment mail', () => {
  test('tells the buyer the carrier and tracking number, with a link to My Order; once, however many ship it', async ({
    shop,
    as,
    admin,
    buyer,
    smtp,
  }) => {
    const fulfil = (id: string, payload: object) =>
      as(admin).put(`/api/purchaseById/${id}/fulfilment`, payload);
    const { orderId } = await paidOrder(
      shop.app,
      { admin, buyer },
      { partName: 'Crimping Tool', quantity: 20 },
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fulfil(orderId, {
          status: 'shipped',
          carrier: 'DHL Express',
          trackingNumber: `JD0146000062814306${i}`,
        }),
      ),
    );
    const winner = answers.filter((res) => res.statusCode === 200);
    expect(winner).toHaveLength(1);
    const tracking = winner[0]?.json().fulfilment.trackingNumber as string;
    const [mail] = await arrived(smtp, 1);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(buyer.email);
    expect(mail?.subject).toMatch(/^Your order SO-\d{6} has shipped: Crimping Tool$/);
    expect(mail?.text).toContain('Dear Karnaphuli Assemblies,');
    expect(mail?.text).toContain('Carrier:         DHL Express');
    expect(mail?.text).toContain(`Tracking number: ${tracking}`);
    const number = winner[0]?.json().number as string;
    expect(number).toMatch(/^SO-\d{6}$/);
    expect(mail?.text).toContain(`Order:      ${number}\n`);
    expect(mail?.text).toContain('https://parts-shop.example/dashboard/my-order');
    // Delivering sends nothing more, and the racing shipments sent no second mail.
    expect((await fulfil(orderId, { status: 'delivered' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(shippedMails(smtp)).toHaveLength(1);
    expect(
      smtp.received.filter((m) => m.text?.includes(number) && m.subject?.includes('shipped')),
    ).toHaveLength(1);
  });
});
