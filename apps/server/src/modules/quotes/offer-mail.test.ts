import { describe, expect } from 'vitest';
import { signUpVerified } from '../../test-support/accounts.js';
import { mailTest } from '../../test-support/fixture.js';
import { insertPart } from '../../test-support/parts.js';
import type { TestMailServer } from '../../test-support/smtp-server.js';

/** Each offer reaches the buyer by mail through the outbox, with its lines, prices and validity. */
mailTest.override('shopOptions', {
  demo: false,
  env: { MAIL_FROM: 'Shop <orders@parts-shop.example>', MAIL_RETRY_SECONDS: '1' },
});
const test = mailTest
  .override('buyer', ({ shop }) =>
    signUpVerified(shop.app, shop.database.db, { name: 'Karnaphuli Assemblies' }),
  )
  .extend('part', { scope: 'file' }, ({ shop }) =>
    insertPart(shop.database.db, { name: 'Crimping Tool', available_quantity: 5_000 }),
  );

const offerMails = (smtp: TestMailServer) =>
  smtp.received.filter((mail) => mail.subject?.startsWith('Your quote'));
async function arrived(smtp: TestMailServer, count: number) {
  const deadline = Date.now() + 15_000;
  while (offerMails(smtp).length < count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  return offerMails(smtp);
}

describe('the offer mail', () => {
  test('tells the buyer each offer: its lines, unit prices, total and validity', async ({
    as,
    admin,
    buyer,
    part,
    smtp,
  }) => {
    const asked = await as(buyer).post('/api/quotes', {
      lines: [{ partsId: part, quantity: 2_000 }],
      message: 'Price for 2,000?',
    });
    const id = asked.json().insertedId as string;
    const offer = (unitPrice: number, validUntil: string) =>
      as(admin).put(`/api/quotes/${id}`, { lines: [{ partsId: part, unitPrice }], validUntil });
    const until = '2099-01-31T12:00:00.000Z';
    expect((await offer(7, until)).statusCode).toBe(200);
    const [first] = await arrived(smtp, 1);
    expect(first?.to && 'text' in first.to ? first.to.text : '').toBe(buyer.email);
    expect(first?.subject).toBe('Your quote: our offer of $14,000');
    expect(first?.text).toContain('Dear Karnaphuli Assemblies,');
    expect(first?.text).toContain('Crimping Tool: 2,000 pcs × $7 = $14,000');
    expect(first?.text).toContain(`valid until ${until}`);
    expect((await offer(6, until)).statusCode).toBe(200);
    const mails = await arrived(smtp, 2);
    expect(mails[1]?.subject).toBe('Your quote: our offer of $12,000');
  });
});
