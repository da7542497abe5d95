import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpAdmin, signUpVerified, type TestAccount } from '../../test-support/accounts.js';
import { insertPart } from '../../test-support/parts.js';
import { startTestMailServer, type TestMailServer } from '../../test-support/smtp-server.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

/** Each offer reaches the buyer by mail through the outbox, with its lines, prices and validity. */
let smtp: TestMailServer;
let shop: TestShop;
let admin: TestAccount;
let buyer: TestAccount;
let part: string;

beforeAll(async () => {
  smtp = await startTestMailServer();
  shop = await createTestShop({
    demo: false,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Shop <orders@parts-shop.example>', MAIL_RETRY_SECONDS: '1' },
  });
  admin = await signUpAdmin(shop.app, shop.database.db);
  buyer = await signUpVerified(shop.app, shop.database.db, { name: 'Karnaphuli Assemblies' });
  part = await insertPart(shop.database.db, { name: 'Crimping Tool', available_quantity: 5_000 });
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const offerMails = () => smtp.received.filter((mail) => mail.subject?.startsWith('Your quote'));
async function arrived(count: number) {
  const deadline = Date.now() + 15_000;
  while (offerMails().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return offerMails();
}

describe('the offer mail', () => {
  it('tells the buyer each offer: its lines, unit prices, total and validity', async () => {
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(buyer),
      payload: { lines: [{ partsId: part, quantity: 2_000 }], message: 'Price for 2,000?' },
    });
    const id = asked.json().insertedId as string;
    const offer = (unitPrice: number, validUntil: string) =>
      shop.app.inject({
        method: 'PUT',
        url: `/api/quotes/${id}`,
        headers: bearer(admin),
        payload: { lines: [{ partsId: part, unitPrice }], validUntil },
      });
    const until = '2099-01-31T12:00:00.000Z';
    expect((await offer(7, until)).statusCode).toBe(200);
    const [first] = await arrived(1);
    expect(first?.to && 'text' in first.to ? first.to.text : '').toBe(buyer.email);
    expect(first?.subject).toBe('Your quote: our offer of $14,000');
    expect(first?.text).toContain('Dear Karnaphuli Assemblies,');
    expect(first?.text).toContain('Crimping Tool: 2,000 pcs × $7 = $14,000');
    expect(first?.text).toContain(`valid until ${until}`);
    expect((await offer(6, until)).statusCode).toBe(200);
    const mails = await arrived(2);
    expect(mails[1]?.subject).toBe('Your quote: our offer of $12,000');
  });
});
