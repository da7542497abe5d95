import net from 'node:net';
import { describe, expect } from 'vitest';
import { signUpVerified } from '../../test-support/accounts.js';
import { test as base } from '../../test-support/fixture.js';
import {
  anotherOutbox,
  FROM,
  orderMails,
  outboxRows,
  purchase,
  STATION,
  until,
} from '../../test-support/order-mails.js';
import { startTestMailServer } from '../../test-support/smtp-server.js';
import { MAX_ATTEMPTS } from './outbox.js';

// Beside mail.test.ts: the shop's mail server is down (a local port nobody listens on).
const test = base
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from its first argument's pattern
  .extend('deadPort', { scope: 'file' }, async ({}) => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return port;
  })
  .override('shopOptions', ({ deadPort }) => ({
    demo: false,
    env: { SMTP_URL: `smtp://127.0.0.1:${deadPort}`, MAIL_FROM: FROM, MAIL_RETRY_SECONDS: '1' },
  }));

describe('a mail server that is down', () => {
  test('holds up no purchase; the mail waits, and one for an order cancelled meanwhile is dropped', async ({
    shop,
    as,
    admin,
  }) => {
    const partId = (await as(admin).post('/api/parts', STATION)).json().insertedId;
    const smtp = await startTestMailServer();
    try {
      const buyer = await signUpVerified(shop.app, shop.database.db);
      const orderId = await purchase(as(buyer), partId);
      const [waiting] = await until(
        () => outboxRows(shop),
        (rows) => rows[0]?.last_error !== null,
      );
      expect(waiting).toMatchObject({ status: 'pending', subject_id: orderId });
      expect(waiting?.attempts).toBeGreaterThanOrEqual(1);
      expect(waiting?.attempts).toBeLessThan(MAX_ATTEMPTS);
      expect(waiting?.last_error).toMatch(/ECONNREFUSED|connect/i);

      const cancelled = await as(buyer).delete(`/api/purchaseById/${orderId}`);
      expect(cancelled.statusCode).toBe(200);
      // The mail server is back (here: another one); the confirmation no longer tells the truth.
      const back = anotherOutbox(shop, smtp.url);
      const [dropped] = await until(
        async () => {
          await back.deliverDue();
          return outboxRows(shop);
        },
        (rows) => rows[0]?.status === 'dropped',
      );
      await back.stop();
      expect(dropped?.status).toBe('dropped');
      expect(orderMails(smtp)).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});
