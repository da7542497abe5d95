import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpAdmin, signUpVerified, type TestAccount } from '../../test-support/accounts.js';
import { clientSecretFor, confirmCard } from '../../test-support/invoice-orders.js';
import { insertPart } from '../../test-support/parts.js';
import { pdfText, squeezed } from '../../test-support/pdf-text.js';
import { startTestMailServer, type TestMailServer } from '../../test-support/smtp-server.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';
import { linkTokens } from '../accounts/index.js';
import { deriveKey, loadJwtSecret } from '../auth/index.js';
import { mailOutbox } from '../mail-content/index.js';
import { MAX_ATTEMPTS } from './outbox.js';

const FROM = 'Parts Shop Orders <orders@parts-shop.example>';
const silent = pino({ level: 'silent' });

/** A local port with nobody listening: a mail server that is down. */
async function deadPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function shopWithMail(smtpUrl: string) {
  const shop = await createTestShop({
    demo: false,
    env: { SMTP_URL: smtpUrl, MAIL_FROM: FROM, MAIL_RETRY_SECONDS: '1' },
  });
  const admin = await signUpAdmin(shop.app, shop.database.db);
  const part = await shop.app.inject({
    method: 'POST',
    url: '/api/parts',
    headers: bearer(admin),
    payload: {
      name: 'Soldering Station 60 W',
      desc: 'Temperature controlled',
      img: 'https://example.com/station.webp',
      min_order_quantity: 10,
      available_quantity: 100_000,
      price_per_piece: 123,
    },
  });
  return { shop, partId: part.json().insertedId as string };
}

async function placeOrder(shop: TestShop, buyer: TestAccount, partsId: string, quantity = 12) {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: bearer(buyer),
    payload: { partsId, quantity, mobile: '+880 1712 345678', address: 'House 12, Road 5, Dhaka' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().insertedId as string;
}

/** The order mails in the outbox (every sign-up queues a verification mail too: accounts.test.ts). */
const outboxRows = (shop: TestShop) =>
  shop.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('kind', 'in', ['order_placed', 'payment_receipt'])
    .orderBy('created_at')
    .execute();

/** The mails about orders the mail server has accepted (not the accounts' verification mails). */
const orderMails = (smtp: TestMailServer) =>
  smtp.received.filter((mail) => !mail.subject?.startsWith('Verify your email'));

async function orderMailsArrive(smtp: TestMailServer, count: number) {
  await until(
    async () => orderMails(smtp),
    (mails) => mails.length >= count,
  );
  const mails = orderMails(smtp);
  if (mails.length < count) throw new Error(`${mails.length} of ${count} order mails arrived`);
  return mails;
}

/** Another server's outbox on the same database, sending through `smtpUrl`, with the shop's secret. */
const anotherServer = (shop: TestShop, smtpUrl: string) =>
  mailOutbox({
    db: shop.database.db,
    settings: { smtpUrl, from: FROM, retrySeconds: 1 },
    log: silent,
    publicUrl: shop.config.publicUrl,
    linkTokens: linkTokens(
      deriveKey(loadJwtSecret(shop.config.jwtSecret, shop.dataDir), 'account-links'),
      shop.config.publicUrl,
    ),
  });

/** Waits until the order's mail of this kind is in this state; answers its outbox row. */
async function mailReaches(
  shop: TestShop,
  orderId: string,
  status: 'sent' | 'failed',
  kind: 'order_placed' | 'payment_receipt' = 'order_placed',
) {
  const find = (rows: Awaited<ReturnType<typeof outboxRows>>) =>
    rows.find((r) => r.subject_id === orderId && r.kind === kind);
  return find(
    await until(
      () => outboxRows(shop),
      (rows) => find(rows)?.status === status,
    ),
  );
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('mail to buyers through SMTP', () => {
  let smtp: TestMailServer;
  let shop: TestShop;
  let partId: string;

  beforeAll(async () => {
    smtp = await startTestMailServer();
    ({ shop, partId } = await shopWithMail(smtp.url));
  });
  afterAll(async () => {
    await shop.close();
    await smtp.close();
  });

  it('confirms an order to its buyer once the order is stored, with what was ordered', async () => {
    const buyer = await signUpVerified(shop.app, shop.database.db, { name: 'Karnaphuli Assemblies' });
    const orderId = await placeOrder(shop, buyer, partId, 12);
    const [mail] = await orderMailsArrive(smtp, 1);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(buyer.email);
    expect(mail?.from?.text).toBe('"Parts Shop Orders" <orders@parts-shop.example>');
    expect(mail?.subject).toBe('Order received: 12 pcs of Soldering Station 60 W');
    expect(mail?.text).toContain('Dear Karnaphuli Assemblies,');
    expect(mail?.text).toContain(orderId);
    expect(mail?.text).toContain('Total:      $1,476');
    expect(mail?.text).toContain('House 12, Road 5, Dhaka');
    expect(await mailReaches(shop, orderId, 'sent')).toMatchObject({
      kind: 'order_placed',
      subject_id: orderId,
      status: 'sent',
      attempts: 1,
    });
  });

  it('sends the receipt of a payment with its invoice attached, once, after the order is paid', async () => {
    const buyer = await signUpVerified(shop.app, shop.database.db, { name: 'Meghna Controls' });
    const orderId = await placeOrder(shop, buyer, partId, 10);
    await mailReaches(shop, orderId, 'sent');
    const before = orderMails(smtp).length;
    const paid = await confirmCard(shop.app, buyer, await clientSecretFor(shop.app, buyer, orderId));
    expect(paid.statusCode).toBe(200);
    // Paying again (the buyer's PUT after the card went through) sends nothing more.
    const again = await shop.app.inject({
      method: 'PUT',
      url: `/api/purchaseById/${orderId}`,
      headers: bearer(buyer),
      payload: { paymentId: paid.json().paymentIntent.id },
    });
    expect(again.statusCode).toBe(200);
    const [receipt] = (await orderMailsArrive(smtp, before + 1)).slice(before);
    const order = (
      await shop.app.inject({ method: 'GET', url: `/api/purchaseById/${orderId}`, headers: bearer(buyer) })
    ).json();
    expect(order.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(receipt?.subject).toBe(`Payment received, invoice ${order.invoiceNumber}: Soldering Station 60 W`);
    expect(receipt?.text).toContain('Dear Meghna Controls,');
    expect(receipt?.text).toContain('we have received your payment of $1,230.');
    expect(receipt?.text).toContain(`Payment:    ${order.paymentId}`);
    const [attachment] = receipt?.attachments ?? [];
    expect(attachment?.filename).toBe(`invoice-${order.invoiceNumber}.pdf`);
    expect(attachment?.contentType).toBe('application/pdf');
    const text = squeezed(await pdfText(new Uint8Array(attachment?.content ?? [])));
    for (const value of [order.invoiceNumber, 'MeghnaControls', '$1,230', order.paymentId]) {
      expect(text).toContain(squeezed(value));
    }
    await mailReaches(shop, orderId, 'sent', 'payment_receipt');
    expect(
      (await outboxRows(shop)).filter((r) => r.subject_id === orderId).map((r) => [r.kind, r.status]),
    ).toEqual([
      ['order_placed', 'sent'],
      ['payment_receipt', 'sent'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(orderMails(smtp).length).toBe(before + 1);
  });

  it('tells of every line of an order and its PO number, in the mail and the receipt with its invoice', async () => {
    const buyer = await signUpVerified(shop.app, shop.database.db, { name: 'Padma Fixtures' });
    const second = await insertPart(shop.database.db, {
      name: 'Heat Shrink Tubes',
      price_per_piece: 2,
      available_quantity: 10_000,
      min_order_quantity: 1,
    });
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer),
      payload: {
        lines: [
          { partsId: partId, quantity: 50 },
          { partsId: second, quantity: 1_200 },
        ],
        mobile: '+880 1712 345678',
        address: 'House 12, Road 5, Dhaka',
        poNumber: 'PO-2025-0042',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().insertedId as string;
    const before = orderMails(smtp).length;
    await mailReaches(shop, orderId, 'sent');
    const placed = orderMails(smtp).find((mail) => mail.text?.includes(orderId));
    expect(placed?.subject).toBe('Order received: 2 parts, 1,250 pcs');
    for (const value of [
      'PO number:  PO-2025-0042',
      '  1. Soldering Station 60 W: 50 pcs × $123 = $6,150',
      '  2. Heat Shrink Tubes: 1,200 pcs × $2 = $2,400',
      'Total:      $8,550',
    ]) {
      expect(placed?.text).toContain(value);
    }

    const paid = await confirmCard(shop.app, buyer, await clientSecretFor(shop.app, buyer, orderId));
    expect(paid.statusCode, paid.body).toBe(200);
    await mailReaches(shop, orderId, 'sent', 'payment_receipt');
    const receipt = orderMails(smtp)
      .slice(before)
      .find((mail) => mail.subject?.startsWith('Payment received') && mail.text?.includes(orderId));
    expect(receipt?.subject).toMatch(/^Payment received, invoice INV-\d{6}: 2 parts, 1,250 pcs$/);
    expect(receipt?.text).toContain('  2. Heat Shrink Tubes: 1,200 pcs × $2 = $2,400');
    expect(receipt?.text).toContain('PO number:  PO-2025-0042');
    const text = await pdfText(new Uint8Array(receipt?.attachments?.[0]?.content ?? []));
    for (const value of [
      'Soldering Station 60 W',
      'Heat Shrink Tubes',
      '$6,150',
      '$2,400',
      '$8,550',
      'PO-2025-0042',
    ]) {
      expect(text).toContain(value);
    }
  });

  it('retries a mail the server turns away for now, and gives up at once on a permanent refusal', async () => {
    const buyer = await signUpVerified(shop.app, shop.database.db);
    // The refusals below are meant for the order's mail, not for the sign-up's verification mail.
    await until(
      () => shop.database.db.selectFrom('mail_outbox').select('status').execute(),
      (rows) => rows.every((row) => row.status !== 'pending'),
    );
    const before = orderMails(smtp).length;
    smtp.refuseNext(2, 451);
    const retried = await placeOrder(shop, buyer, partId);
    expect(await mailReaches(shop, retried, 'sent')).toMatchObject({ status: 'sent', attempts: 3 });
    expect(
      orderMails(smtp)
        .slice(before)
        .map((m) => m.text?.includes(retried)),
    ).toEqual([true]);

    smtp.refuseNext(1, 550);
    const refused = await placeOrder(shop, buyer, partId);
    const failed = await mailReaches(shop, refused, 'failed');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.last_error).toContain('Mailbox busy');
    expect(orderMails(smtp).some((m) => m.text?.includes(refused))).toBe(false);
  });

  it('sends each mail once when several servers deliver from the same outbox', async () => {
    const buyer = await signUpVerified(shop.app, shop.database.db);
    const before = orderMails(smtp).length;
    const others = [1, 2, 3].map(() => anotherServer(shop, smtp.url));
    const orders = await Promise.all(Array.from({ length: 8 }, () => placeOrder(shop, buyer, partId)));
    await Promise.all(others.map((outbox) => outbox.deliverDue()));
    await until(
      () => outboxRows(shop),
      (all) => orders.every((id) => all.find((r) => r.subject_id === id)?.status === 'sent'),
    );
    await Promise.all(others.map((outbox) => outbox.stop()));
    const sent = orderMails(smtp)
      .slice(before)
      .map((m) => orders.find((id) => m.text?.includes(id)));
    expect(sent.sort()).toEqual([...orders].sort());
  });
});

describe('a mail server that is down', () => {
  it('holds up no purchase; the mail waits, and one for an order cancelled meanwhile is dropped', async () => {
    const { shop, partId } = await shopWithMail(`smtp://127.0.0.1:${await deadPort()}`);
    const smtp = await startTestMailServer();
    try {
      const buyer = await signUpVerified(shop.app, shop.database.db);
      const orderId = await placeOrder(shop, buyer, partId);
      const [waiting] = await until(
        () => outboxRows(shop),
        (rows) => rows[0]?.last_error !== null,
      );
      expect(waiting).toMatchObject({ status: 'pending', subject_id: orderId });
      expect(waiting?.attempts).toBeGreaterThanOrEqual(1);
      expect(waiting?.attempts).toBeLessThan(MAX_ATTEMPTS);
      expect(waiting?.last_error).toMatch(/ECONNREFUSED|connect/i);

      const cancelled = await shop.app.inject({
        method: 'DELETE',
        url: `/api/purchaseById/${orderId}`,
        headers: bearer(buyer),
      });
      expect(cancelled.statusCode).toBe(200);
      // The mail server is back (here: another one); the confirmation no longer tells the truth.
      const back = anotherServer(shop, smtp.url);
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
      await shop.close();
      await smtp.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('queues and sends nothing', async () => {
    const shop = await createTestShop({ demo: false });
    try {
      const admin = await signUpAdmin(shop.app, shop.database.db);
      const part = await shop.app.inject({
        method: 'POST',
        url: '/api/parts',
        headers: bearer(admin),
        payload: {
          name: 'Wire Stripper',
          desc: 'Self-adjusting',
          img: 'https://example.com/stripper.webp',
          min_order_quantity: 1,
          available_quantity: 10,
          price_per_piece: 5,
        },
      });
      await placeOrder(shop, await signUpVerified(shop.app, shop.database.db), part.json().insertedId, 2);
      expect(await outboxRows(shop)).toEqual([]);
    } finally {
      await shop.close();
    }
  });
});
