import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { companyWithMembers } from '../../test-support/companies.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { placeOrder } from '../../test-support/invoice-orders.js';
import { pdfText, squeezed } from '../../test-support/pdf-text.js';

/**
 * A net-30 company order is invoiced when it is placed: its invoice is there at once for its
 * buyer, its company's admins and the shop's admin, and names the seller as configured and the
 * buyer's company.
 */
shopTest.override('shopOptions', {
  demo: false,
  env: {
    SELLER_LEGAL_NAME: 'Chattogram Tool Works Ltd',
    SELLER_ADDRESS: 'Plot 12, Kalurghat Heavy Industrial Area\\nChattogram 4208, Bangladesh',
    SELLER_TAX_ID: 'BIN 004455667-0202',
    SELLER_BANK_NAME: 'Eastern Example Bank',
    SELLER_IBAN: 'de89 3704 0044 0532 0130 00',
    SELLER_BIC: 'cobadeffxxx',
    SELLER_EMAIL: 'billing@tool-works.example',
    SELLER_PHONE: '+880 31 555 0101',
  },
});

const test = shopTest
  .extend('people', { scope: 'file' }, async ({ shop }) => {
    const [boss, member, stranger, strangerBoss] = await Promise.all(
      ['Nasrin Boss', 'Rafiq Member', 'Other Member', 'Other Boss'].map((name) => signUp(shop.app, { name })),
    );
    if (!boss || !member || !stranger || !strangerBoss) throw new Error('sign-up failed');
    const db = shop.database.db;
    await companyWithMembers(
      db,
      [
        { uid: boss.uid, role: 'admin' },
        { uid: member.uid, role: 'buyer' },
      ],
      { paymentTerms: 'net30', name: 'Karnaphuli Assemblies Ltd', vatId: 'BD-123456789' },
    );
    await companyWithMembers(
      db,
      [
        { uid: strangerBoss.uid, role: 'admin' },
        { uid: stranger.uid, role: 'buyer' },
      ],
      { paymentTerms: 'net30', name: 'Other Works Ltd', vatId: 'BD-999' },
    );
    return { boss, member, stranger, strangerBoss };
  })
  .extend('orderId', { scope: 'file' }, ({ shop, admin, people }) =>
    placeOrder(
      shop.app,
      { admin, buyer: people.member },
      { quantity: 3, address: 'Shed 4, CEPZ, Chattogram' },
    ),
  );

const invoicePath = (orderId: string) => `/api/purchaseById/${orderId}/invoice`;

describe("a net-30 order's invoice", () => {
  test('is there at once for its buyer, its company admin and the shop admin', async ({
    as,
    admin,
    people,
    orderId,
  }) => {
    const order = (await as(people.member).get(`/api/purchaseById/${orderId}`)).json();
    expect(order.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(order).not.toHaveProperty('paymentId');
    for (const who of [people.member, people.boss, admin]) {
      const res = await as(who).get(invoicePath(orderId));
      expect(res.statusCode, who.name).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="invoice-${order.invoiceNumber}.pdf"`,
      );
      expect(await pdfText(res.rawPayload)).toContain(order.invoiceNumber);
    }
  });

  test('is refused to another company, its admin included, and to a buyer of no company', async ({
    shop,
    as,
    people,
    orderId,
  }) => {
    const loner = await signUp(shop.app);
    for (const who of [people.stranger, people.strangerBoss, loner]) {
      const res = await as(who).get(invoicePath(orderId));
      expect(res.statusCode, who.name).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });

  test('names the seller, its bank account and the buyer company, and says where to pay quoting which number', async ({
    as,
    people,
    orderId,
  }) => {
    const res = await as(people.boss).get(invoicePath(orderId));
    const text = await pdfText(res.rawPayload);
    const { invoiceNumber } = (await as(people.member).get(`/api/purchaseById/${orderId}`)).json();
    for (const value of [
      'Electronics Tools Manufacturers',
      'From',
      'Chattogram Tool Works Ltd',
      'Plot 12, Kalurghat Heavy Industrial Area',
      'Chattogram 4208, Bangladesh',
      'Tax ID: BIN 004455667-0202',
      'billing@tool-works.example',
      'Phone: +880 31 555 0101',
      'Bank details',
      'Eastern Example Bank',
      'IBAN: DE89 3704 0044 0532 0130 00',
      'SWIFT/BIC: COBADEFFXXX',
      'Billed to',
      'Karnaphuli Assemblies Ltd',
      'VAT id: BD-123456789',
      'Rafiq Member',
      'On account (net 30)',
    ])
      expect(text, value).toContain(value);
    expect(squeezed(text)).toContain(squeezed('Billing address: Shed 4, CEPZ, Chattogram'));
    expect(squeezed(text)).toContain(
      squeezed(
        `Please pay by bank transfer to the account under Bank details, quoting the invoice number ${invoiceNumber}.`,
      ),
    );
  });
});
