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

const slipPath = (orderId: string) => `/api/purchaseById/${orderId}/packing-slip`;

describe("a net-30 order's packing slip", () => {
  test('names where to ship and every line without prices, for the same people as its invoice', async ({
    as,
    admin,
    people,
    orderId,
  }) => {
    const { number } = (await as(people.member).get(`/api/purchaseById/${orderId}`)).json();
    for (const who of [people.member, people.boss, admin]) {
      const res = await as(who).get(slipPath(orderId));
      expect(res.statusCode, who.name).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="packing-slip-${number}.pdf"`);
    }
    const text = await pdfText((await as(admin).get(slipPath(orderId))).rawPayload);
    for (const value of [
      'PACKING SLIP',
      number,
      'From',
      'Chattogram Tool Works Ltd',
      'Ship to',
      'Karnaphuli Assemblies Ltd',
      'Rafiq Member',
      'Shed 4, CEPZ, Chattogram',
      'Mobile: +880 1819 000111',
      'Crimping Tool for Dupont Connectors',
      '3 pcs',
      'Shipment: not shipped yet',
    ])
      expect(text, value).toContain(value);
    // It travels with the goods: no price and no bank account on it.
    expect(text).not.toContain('$');
    expect(text).not.toContain('IBAN');
  });

  test('says how it shipped once it has, and is refused to others and before the order may ship', async ({
    shop,
    as,
    admin,
    people,
    orderId,
  }) => {
    const shipped = await as(admin).put(`/api/purchaseById/${orderId}/fulfilment`, {
      status: 'shipped',
      carrier: 'Sundarban Courier',
      trackingNumber: 'SC-99-1234',
    });
    expect(shipped.statusCode).toBe(200);
    const text = squeezed(await pdfText((await as(people.boss).get(slipPath(orderId))).rawPayload));
    expect(text).toContain(squeezed('by Sundarban Courier, tracking number SC-99-1234'));

    const loner = await signUp(shop.app);
    for (const who of [people.stranger, people.strangerBoss, loner]) {
      const res = await as(who).get(slipPath(orderId));
      expect(res.statusCode, who.name).toBe(403);
    }
    // A card order not paid yet may not ship: no slip.
    const unpaid = await placeOrder(shop.app, { admin, buyer: loner });
    const refused = await as(loner).get(slipPath(unpaid));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This order cannot ship yet: it has no packing slip');
    expect((await as(loner).get(slipPath('not-an-id'))).statusCode).toBe(400);
    expect((await as(null).get(slipPath(unpaid))).statusCode).toBe(401);
  });
});
