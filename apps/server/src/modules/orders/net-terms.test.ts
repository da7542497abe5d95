import { describe, expect } from 'vitest';
import { mailsTo } from '../../test-support/account-mails.js';
import { signUpVerified } from '../../test-support/accounts.js';
import { companyOfThree } from '../../test-support/companies.js';
import { type Caller, mailTest } from '../../test-support/fixture.js';
import { clientSecretFor, confirmCard } from '../../test-support/invoice-orders.js';
import { placedAgo, placedOrder, readOrder } from '../../test-support/orders.js';
import { insertPart } from '../../test-support/parts.js';
import { pdfText } from '../../test-support/pdf-text.js';
import type { TestShop } from '../../test-support/test-app.js';

/**
 * Net 30 (API.md, Companies): a company on account is invoiced at once, pays no card, and is paid
 * when the shop's admin records the bank transfer; the mails of approvals and invoices; overdue
 * invoices in the overview and mailed once.
 */
mailTest.override('shopOptions', {
  demo: false,
  env: { MAIL_FROM: 'Shop <orders@parts-shop.example>', MAIL_RETRY_SECONDS: '1' },
});

const DAY = 86_400_000;

const test = mailTest
  /** $1,000 a piece. */
  .extend('part', { scope: 'file' }, ({ shop }) =>
    insertPart(shop.database.db, {
      name: 'Reflow Oven',
      price_per_piece: 1_000,
      min_order_quantity: 1,
      available_quantity: 1_000_000,
    }),
  )
  /** A company on net 30 (as `company` makes it) whose buyer ordered `quantity` pieces of the part. */
  .extend('companyOrder', { scope: 'file' }, ({ shop, as, part }) => async (quantity: number, extra = {}) => {
    const made = await company(shop);
    return { ...made, orderId: await placedOrder(as(made.buyer), { partsId: part, quantity }, extra) };
  });

/** A company on net 30 unless told otherwise: two admins and a buyer of no limit unless told. */
const company = (shop: TestShop, options: { limit?: number | null; paymentTerms?: 'card' | 'net30' } = {}) =>
  companyOfThree(shop, { paymentTerms: 'net30', ...options });

/** The caller (the shop's admin, to be allowed) records the bank transfer that pays the order. */
const settle = (caller: Caller, id: string, reference: unknown) =>
  caller.put(`/api/purchaseById/${id}/settlement`, { reference });

describe('an order on net-30 terms', () => {
  test('is invoiced at once, due 30 days later, with no card and no card limit; it neither expires nor cancels', async ({
    shop,
    as,
    admin,
    part,
    smtp,
  }) => {
    const { buyer } = await company(shop);
    // $20,000: above what one card payment may be (9,999.99).
    const id = await placedOrder(as(buyer), { partsId: part, quantity: 20 }, { poNumber: 'PO-7781' });
    const order = await readOrder(as(admin), id);
    expect(order.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(Date.parse(order.dueDate) - Date.parse(order.createdAt)).toBe(30 * DAY);
    expect(order).not.toHaveProperty('approval');

    const intent = await as(buyer).post('/api/create-payment-intent', { _id: id });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().error.message).toMatch(/paid on account/);
    const cancel = await as(buyer).delete(`/api/purchaseById/${id}`);
    expect(cancel.statusCode).toBe(409);
    // In its own words: it is not paid, it is invoiced.
    expect(cancel.json().error.message).toBe(
      'An invoiced order cannot be cancelled: it is billed on 30-day terms. Ask the shop for a credit note.',
    );

    await placedAgo(shop.database.db, id, 20 * DAY);
    await shop.app.backgroundWork.runAll();
    const after = await readOrder(as(admin), id);
    expect(after).not.toHaveProperty('expiredAt');
    expect(after.invoiceNumber).toBe(order.invoiceNumber);

    const [mail] = await mailsTo(smtp, buyer.email, `Invoice ${order.invoiceNumber}`);
    expect(mail?.subject).toBe(
      `Invoice ${order.invoiceNumber} for ${order.number}: $20,000 due ${order.dueDate.slice(0, 10)}`,
    );
    expect(mail?.text).toContain(`Due date:   ${order.dueDate.slice(0, 10)}`);
    expect(mail?.attachments.map((a) => a.filename)).toEqual([`invoice-${order.invoiceNumber}.pdf`]);
  });

  test('takes gapless invoice numbers, orders placed at once and card payments alike', async ({
    shop,
    as,
    admin,
    part,
  }) => {
    const { buyer } = await company(shop);
    const card = await signUpVerified(shop.app, shop.database.db);
    const ids = await Promise.all(
      Array.from({ length: 8 }, () => placedOrder(as(buyer), { partsId: part, quantity: 1 })),
    );
    const paid = await placedOrder(as(card), { partsId: part, quantity: 1 });
    expect((await confirmCard(shop.app, card, await clientSecretFor(shop.app, card, paid))).statusCode).toBe(
      200,
    );
    const numbers = await shop.database.db
      .selectFrom('invoices')
      .select('number')
      .orderBy('number')
      .execute();
    const all = numbers.map((row) => Number(row.number));
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    const mine = (await Promise.all(ids.map((id) => readOrder(as(admin), id)))).map((o) => o.invoiceNumber);
    expect(new Set(mine).size).toBe(8);
  });

  test('over the limit it waits, uninvoiced; approved, it is invoiced then; the admins and the buyer are told', async ({
    shop,
    as,
    admin,
    part,
    smtp,
  }) => {
    const { boss, deputy, buyer } = await company(shop, { limit: 500 });
    const id = await placedOrder(as(buyer), { partsId: part, quantity: 1 });
    const pending = await readOrder(as(admin), id);
    expect(pending.approval).toBe('pending');
    expect(pending).not.toHaveProperty('invoiceNumber');
    expect(pending).not.toHaveProperty('dueDate');

    for (const who of [boss, deputy]) {
      const [ask] = await mailsTo(smtp, who.email, 'Approval needed');
      expect(ask?.subject).toMatch(/^Approval needed: SO-\d{6}, \$1,000 order by Karim Buyer$/);
      expect(ask?.text).toContain(`Order:      ${pending.number}`);
    }
    const [placedMail] = await mailsTo(smtp, buyer.email, 'Order received');
    expect(placedMail?.text).toContain("waits for your company admin's approval");

    const res = await as(deputy).post(`/api/orders/${id}/approve`);
    expect(res.statusCode).toBe(200);
    const approved = res.json();
    expect(approved.approval).toBe('approved');
    expect(approved.invoiceNumber).toMatch(/^INV-/);
    const approvedAt = Date.parse(approved.dueDate) - 30 * DAY;
    expect(approvedAt).toBeGreaterThan(Date.parse(approved.createdAt) - 1);
    expect(Math.abs(approvedAt - Date.now())).toBeLessThan(60_000);

    const [told] = await mailsTo(smtp, buyer.email, 'Order approved');
    expect(told?.text).toContain('invoiced to your company on account');
    expect(await mailsTo(smtp, buyer.email, `Invoice ${approved.invoiceNumber}`)).toHaveLength(1);
  });

  test('a rejected order is mailed to its buyer', async ({ shop, as, part, smtp }) => {
    const { boss, buyer } = await company(shop, { limit: 0, paymentTerms: 'card' });
    const id = await placedOrder(as(buyer), { partsId: part, quantity: 1 });
    const res = await as(boss).post(`/api/orders/${id}/reject`);
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(smtp, buyer.email, 'Order rejected');
    expect(mail?.text).toContain("your company's admin rejected your order");
  });
});

describe('settling a net-30 invoice', () => {
  test("the shop's admin records the bank payment: the order is paid, audited, and its receipt mailed", async ({
    shop,
    as,
    admin,
    smtp,
    companyOrder,
  }) => {
    const { buyer, orderId: id } = await companyOrder(2);
    const res = await settle(as(admin), id, 'BANK-2026-0042');
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(id);
    const row = await shop.database.db
      .selectFrom('orders')
      .select(['paid_at', 'settlement_reference'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.paid_at).not.toBeNull();
    expect(row.settlement_reference).toBe('BANK-2026-0042');
    const [receipt] = await mailsTo(smtp, buyer.email, 'Payment received');
    expect(receipt?.text).toContain('Bank reference: BANK-2026-0042');
    const audit = await shop.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', id)
      .execute();
    expect(audit).toEqual([{ action: 'order.settled', actor_id: admin.uid }]);

    const again = await settle(as(admin), id, 'BANK-2026-0043');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order is paid already');
  });

  test('twice at once: one pays it, the other gets 409', async ({ shop, as, admin, companyOrder }) => {
    const { orderId: id } = await companyOrder(1);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => settle(as(admin), id, `REF-${i}`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    const audit = await shop.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  test('refuses card orders, buyers, unknown and malformed ids, and empty or too long references', async ({
    shop,
    as,
    admin,
    part,
    companyOrder,
  }) => {
    const { buyer, orderId: id } = await companyOrder(1);
    const card = await company(shop, { paymentTerms: 'card' });
    const cardOrder = await placedOrder(as(card.buyer), { partsId: part, quantity: 1 });
    const notNet = await settle(as(admin), cardOrder, 'REF');
    expect(notNet.statusCode).toBe(409);
    expect(notNet.json().error.message).toMatch(/not invoiced on account/);
    expect((await settle(as(buyer), id, 'REF')).statusCode).toBe(403);
    expect((await settle(as(admin), '01900000-0000-7000-8000-000000000000', 'REF')).statusCode).toBe(404);
    expect((await settle(as(admin), 'nope', 'REF')).statusCode).toBe(400);
    for (const bad of ['', '   ', 'x'.repeat(101), 'BANK\u0000REF', null, { ref: 1 }]) {
      const res = await settle(as(admin), id, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    expect((await readOrder(as(admin), id)).invoiceNumber).toBeDefined();
    const row = await shop.database.db
      .selectFrom('orders')
      .select('paid_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.paid_at).toBeNull();
  });
});

describe('overdue invoices', () => {
  test('are listed in the overview, oldest due first, and their buyers are mailed once', async ({
    shop,
    as,
    admin,
    part,
    smtp,
    companyOrder,
  }) => {
    const { buyer, orderId: older } = await companyOrder(3);
    const newer = await placedOrder(as(buyer), { partsId: part, quantity: 1 });
    const settled = await placedOrder(as(buyer), { partsId: part, quantity: 1 });
    const notYet = await placedOrder(as(buyer), { partsId: part, quantity: 1 });
    const past = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const due = new Map([
      [older, past(5)],
      [newer, past(2)],
      [settled, past(9)],
    ]);
    for (const [id, date] of due)
      await shop.database.db.updateTable('orders').set({ due_date: date }).where('id', '=', id).execute();
    expect((await settle(as(admin), settled, 'PAID-LATE')).statusCode).toBe(200);

    const overview = (await as(admin).get('/api/overview')).json();
    const listed = overview.overdueInvoices.orders.map((o: { _id: string }) => o._id);
    expect(listed).toContain(older);
    expect(listed).toContain(newer);
    expect(listed).not.toContain(settled);
    expect(listed).not.toContain(notYet);
    expect(listed.indexOf(older)).toBeLessThan(listed.indexOf(newer));
    const entry = overview.overdueInvoices.orders.find((o: { _id: string }) => o._id === older);
    expect(entry).toEqual({
      _id: older,
      invoiceNumber: (await readOrder(as(admin), older)).invoiceNumber,
      companyName: 'Karnaphuli Assemblies Ltd',
      userName: 'Karim Buyer',
      price: 3_000,
      dueDate: due.get(older),
    });
    expect(overview.overdueInvoices.count).toBeGreaterThanOrEqual(2);
    expect(overview.overdueInvoices.value).toBeGreaterThanOrEqual(4_000);

    await shop.app.backgroundWork.runAll();
    await shop.app.backgroundWork.runAll();
    const mails = await mailsTo(smtp, buyer.email, 'Overdue', 2);
    await new Promise((r) => setTimeout(r, 300));
    expect((await mailsTo(smtp, buyer.email, 'Overdue', 2)).map((m) => m.subject).sort()).toEqual(
      [
        ...(await Promise.all(
          [newer, older].map(async (id) => {
            const { invoiceNumber, number } = await readOrder(as(admin), id);
            return `Overdue: invoice ${invoiceNumber} for ${number} was due ${due.get(id)?.slice(0, 10)}`;
          }),
        )),
      ].sort(),
    );
    expect(mails).toHaveLength(2);
    const queued = await shop.database.db
      .selectFrom('mail_outbox')
      .select('subject_id')
      .where('kind', '=', 'invoice_overdue')
      .where('subject_id', 'in', [older, newer, settled, notYet])
      .execute();
    expect(queued.map((row) => row.subject_id).sort()).toEqual([older, newer].sort());
  });
});

describe('the invoice of a net-30 order', () => {
  test('is there before it is paid, with its due date, PO number and the company', async ({
    as,
    admin,
    companyOrder,
  }) => {
    const { buyer, orderId: id } = await companyOrder(1, { poNumber: 'PO-4711' });
    const order = await readOrder(as(admin), id);
    const res = await as(buyer).get(`/api/purchaseById/${id}/invoice`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    for (const value of [
      order.invoiceNumber,
      `Due date: ${order.dueDate.slice(0, 10)}`,
      'PO-4711',
      'Karnaphuli Assemblies Ltd',
      'VAT id: BD-123456789',
      'On account (net 30)',
    ])
      expect(text).toContain(value);
  });
});
