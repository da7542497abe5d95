import { describe, expect } from 'vitest';
import { signUpVerified } from '../../test-support/accounts.js';
import { mailTest } from '../../test-support/fixture.js';
import { clientSecretFor, confirmCard } from '../../test-support/invoice-orders.js';
import {
  anotherOutbox,
  FROM,
  mailReaches,
  orderMails,
  orderMailsArrive,
  outboxRows,
  purchase,
  STATION,
  until,
} from '../../test-support/order-mails.js';
import { readOrder } from '../../test-support/orders.js';
import { insertPart } from '../../test-support/parts.js';
import { pdfText, squeezed } from '../../test-support/pdf-text.js';

// A mail server that is down is mail-server-down.test.ts; a shop without SMTP_URL no-smtp.test.ts.
mailTest.override('shopOptions', { demo: false, env: { MAIL_FROM: FROM, MAIL_RETRY_SECONDS: '1' } });
/** `partId`: the station the order mails name, added by the shop's admin. */
const test = mailTest.extend(
  'partId',
  { scope: 'file' },
  async ({ as, admin }) => (await as(admin).post('/api/parts', STATION)).json().insertedId as string,
);

describe('mail to buyers through SMTP', () => {
  test('confirms an order to its buyer once the order is stored, with what was ordered', async ({
    shop,
    smtp,
    as,
    partId,
  }) => {
    const buyer = await signUpVerified(shop.app, shop.database.db, { name: 'Karnaphuli Assemblies' });
    const orderId = await purchase(as(buyer), partId, 12);
    const [mail] = await orderMailsArrive(smtp, 1);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(buyer.email);
    expect(mail?.from?.text).toBe('"Parts Shop Orders" <orders@parts-shop.example>');
    const { number } = await readOrder(as(buyer), orderId);
    expect(mail?.subject).toBe(`Order received: ${number}, 12 pcs of Soldering Station 60 W`);
    expect(mail?.text).toContain('Dear Karnaphuli Assemblies,');
    expect(mail?.text).toContain(`Order:      ${number}`);
    expect(mail?.text).toContain('Total:      $1,476');
    expect(mail?.text).toContain('House 12, Road 5, Dhaka');
    expect(await mailReaches(shop, orderId, 'sent')).toMatchObject({
      kind: 'order_placed',
      subject_id: orderId,
      status: 'sent',
      attempts: 1,
    });
  });

  test('sends the receipt of a payment with its invoice attached, once, after the order is paid', async ({
    shop,
    smtp,
    as,
    partId,
  }) => {
    const buyer = await signUpVerified(shop.app, shop.database.db, { name: 'Meghna Controls' });
    const orderId = await purchase(as(buyer), partId, 10);
    await mailReaches(shop, orderId, 'sent');
    const before = orderMails(smtp).length;
    const paid = await confirmCard(shop.app, buyer, await clientSecretFor(shop.app, buyer, orderId));
    expect(paid.statusCode).toBe(200);
    // Paying again (the buyer's PUT after the card went through) sends nothing more.
    const again = await as(buyer).put(`/api/purchaseById/${orderId}`, {
      paymentId: paid.json().paymentIntent.id,
    });
    expect(again.statusCode).toBe(200);
    const [receipt] = (await orderMailsArrive(smtp, before + 1)).slice(before);
    const order = (await as(buyer).get(`/api/purchaseById/${orderId}`)).json();
    expect(order.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(receipt?.subject).toBe(
      `Payment received for ${order.number}, invoice ${order.invoiceNumber}: Soldering Station 60 W`,
    );
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

  test('tells of every line of an order and its PO number, in the mail and the receipt with its invoice', async ({
    shop,
    smtp,
    as,
    partId,
  }) => {
    const buyer = await signUpVerified(shop.app, shop.database.db, { name: 'Padma Fixtures' });
    const second = await insertPart(shop.database.db, {
      name: 'Heat Shrink Tubes',
      price_per_piece: 2,
      available_quantity: 10_000,
      min_order_quantity: 1,
    });
    const res = await as(buyer).post('/api/orders', {
      lines: [
        { partsId: partId, quantity: 50 },
        { partsId: second, quantity: 1_200 },
      ],
      mobile: '+880 1712 345678',
      address: 'House 12, Road 5, Dhaka',
      poNumber: 'PO-2025-0042',
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().insertedId as string;
    const before = orderMails(smtp).length;
    await mailReaches(shop, orderId, 'sent');
    const number = (await readOrder(as(buyer), orderId)).number as string;
    const placed = orderMails(smtp).find((mail) => mail.text?.includes(number));
    expect(placed?.subject).toMatch(/^Order received: SO-\d{6}, 2 parts, 1,250 pcs$/);
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
      .find((mail) => mail.subject?.startsWith('Payment received') && mail.text?.includes(number));
    expect(receipt?.subject).toMatch(
      /^Payment received for SO-\d{6}, invoice INV-\d{6}: 2 parts, 1,250 pcs$/,
    );
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

  test('retries a mail the server turns away for now, and gives up at once on a permanent refusal', async ({
    shop,
    smtp,
    as,
    partId,
  }) => {
    const buyer = await signUpVerified(shop.app, shop.database.db);
    // The refusals below are meant for the order's mail, not for the sign-up's verification mail.
    await until(
      () => shop.database.db.selectFrom('mail_outbox').select('status').execute(),
      (rows) => rows.every((row) => row.status !== 'pending'),
    );
    const before = orderMails(smtp).length;
    smtp.refuseNext(2, 451);
    const retried = await purchase(as(buyer), partId);
    expect(await mailReaches(shop, retried, 'sent')).toMatchObject({ status: 'sent', attempts: 3 });
    const retriedNumber = (await readOrder(as(buyer), retried)).number as string;
    expect(
      orderMails(smtp)
        .slice(before)
        .map((m) => m.text?.includes(`Order:      ${retriedNumber}`)),
    ).toEqual([true]);

    smtp.refuseNext(1, 550);
    const refused = await purchase(as(buyer), partId);
    const failed = await mailReaches(shop, refused, 'failed');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.last_error).toContain('Mailbox busy');
    const refusedNumber = (await readOrder(as(buyer), refused)).number as string;
    expect(orderMails(smtp).some((m) => m.text?.includes(refusedNumber))).toBe(false);
  });

  test('sends each mail once when several servers deliver from the same outbox', async ({
    shop,
    smtp,
    as,
    partId,
  }) => {
    const buyer = await signUpVerified(shop.app, shop.database.db);
    const before = orderMails(smtp).length;
    const others = [1, 2, 3].map(() => anotherOutbox(shop, smtp.url));
    const orders = await Promise.all(Array.from({ length: 8 }, () => purchase(as(buyer), partId)));
    await Promise.all(others.map((outbox) => outbox.deliverDue()));
    await until(
      () => outboxRows(shop),
      (all) => orders.every((id) => all.find((r) => r.subject_id === id)?.status === 'sent'),
    );
    await Promise.all(others.map((outbox) => outbox.stop()));
    const numbers = await Promise.all(
      orders.map(async (id) => (await readOrder(as(buyer), id)).number as string),
    );
    const sent = orderMails(smtp)
      .slice(before)
      .map((m) => numbers.find((number) => m.text?.includes(`${number}\n`)));
    expect(sent.sort()).toEqual([...numbers].sort());
  });
});
