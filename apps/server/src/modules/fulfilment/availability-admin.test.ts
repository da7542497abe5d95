import type { Order } from '@shop/contract/orders';
import type { Overview } from '@shop/contract/overview';
import { describe, expect } from 'vitest';
import { signUpVerified } from '../../test-support/accounts.js';
import { companyOfThree } from '../../test-support/companies.js';
import { test } from '../../test-support/fixture.js';
import { addedPart } from '../../test-support/parts.js';
import { pdfText, squeezed } from '../../test-support/pdf-text.js';

/*
 * Availability as the shop's and the companies' admins meet it: stock the admin edits serves the
 * waiting orders first; a company admin drops a member's waiting pieces (a credit note on net 30);
 * Manage All Order's "ready to ship"; the overview's backorders and refunds due.
 */

const DELIVERY = { mobile: '+880 1819 000111', address: 'Plot 7, CEPZ, Chattogram' };

const partBody = (available: number) => ({
  name: 'Edited element',
  desc: 'Restocked by hand',
  img: 'https://example.com/p.webp',
  min_order_quantity: 1,
  available_quantity: available,
  price_per_piece: 4,
});

describe('availability for admins', () => {
  test('stock the admin edits goes to the waiting orders first', async ({ as, admin, shop }) => {
    const buyer = await signUpVerified(shop.app, shop.database.db);
    const partId = await addedPart(as(admin), { name: 'Edited element', price: 4, available: 0, min: 1 });
    await as(admin).put(`/api/parts/${partId}/incoming`, { batches: [], backorderable: true });
    const orderId = (
      await as(buyer).post('/api/orders', { lines: [{ partsId: partId, quantity: 8 }], ...DELIVERY })
    ).json().insertedId;
    expect((await as(admin).put(`/api/partsById?id=${partId}`, partBody(10))).statusCode).toBe(200);
    const order = (await as(buyer).get(`/api/purchaseById/${orderId}`)).json() as Order;
    expect(order.lines[0]).toMatchObject({ allocated: 8, backordered: 0 });
    expect((await as(null).get(`/api/partsById?id=${partId}`)).json().available_quantity).toBe(2);
  });

  test('a company admin drops a member’s waiting pieces: on net 30, a numbered credit note', async ({
    as,
    admin,
    shop,
  }) => {
    const { boss, buyer, id: companyId } = await companyOfThree(shop, { paymentTerms: 'net30' });
    const partId = await addedPart(as(admin), { name: 'Credited part', price: 5, available: 4, min: 1 });
    await as(admin).put(`/api/parts/${partId}/incoming`, {
      batches: [{ quantity: 100, expectedAt: '2027-02-01' }],
      backorderable: true,
    });
    const orderId = (
      await as(buyer).post('/api/orders', { lines: [{ partsId: partId, quantity: 10 }], ...DELIVERY })
    ).json().insertedId;
    const url = `/api/purchaseById/${orderId}/lines/${partId}/cancel-backorder`;
    const outsider = await signUpVerified(shop.app, shop.database.db);
    expect((await as(outsider).post(url)).statusCode).toBe(403);
    expect((await as(admin).post(url)).statusCode).toBe(403);
    const dropped = await as(boss).post(url);
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toMatchObject({
      companyId,
      price: 50,
      lines: [{ allocated: 4, backordered: 0, dropped: 6 }],
      adjustments: [{ kind: 'credit_note', amount: 30, number: expect.stringMatching(/^CN-\d{6}$/) }],
    });
    // The credit note as a paper, for the buyer (and not for someone else).
    const number = dropped.json().adjustments[0].number as string;
    const paper = await as(buyer).get(`/api/purchaseById/${orderId}/credit-notes/${number}`);
    expect(paper.statusCode).toBe(200);
    expect(paper.headers['content-type']).toBe('application/pdf');
    const text = squeezed(await pdfText(paper.rawPayload));
    expect(text).toContain(`CREDITNOTE${number}`.replace(/\s/g, ''));
    expect(text).toContain('Creditsinvoice');
    expect(text).toContain('6pcs');
    expect(text).toContain('$30');
    expect((await as(outsider).get(`/api/purchaseById/${orderId}/credit-notes/${number}`)).statusCode).toBe(
      403,
    );
    expect((await as(buyer).get(`/api/purchaseById/${orderId}/credit-notes/CN-999999`)).statusCode).toBe(404);
  });

  test('ready to ship lists the orders with pieces allocated and not shipped; the overview counts what waits', async ({
    as,
    admin,
    shop,
  }) => {
    const { buyer } = await companyOfThree(shop, { paymentTerms: 'net30' });
    const partId = await addedPart(as(admin), { name: 'Short part', price: 1, available: 3, min: 1 });
    await as(admin).put(`/api/parts/${partId}/incoming`, {
      batches: [{ quantity: 5, expectedAt: '2027-02-01' }],
      backorderable: true,
    });
    const waiting = (
      await as(buyer).post('/api/orders', {
        lines: [{ partsId: partId, quantity: 10 }],
        shipComplete: true,
        ...DELIVERY,
      })
    ).json().insertedId;
    const ready = async () =>
      ((await as(admin).get('/api/purchase?state=ready_to_ship&limit=100')).json() as Order[]).map(
        (o) => o._id,
      );
    // It ships complete and pieces wait: not ready yet.
    expect(await ready()).not.toContain(waiting);
    const overview = (await as(admin).get('/api/overview')).json() as Overview;
    expect(overview.backorders.parts).toContainEqual({
      _id: partId,
      name: 'Short part',
      backordered: 7,
      incoming: 5,
      short: 2,
    });
    expect(overview.backorders.uncovered).toBeGreaterThanOrEqual(1);
    expect((await as(admin).post(`/api/parts/${partId}/receive`, { quantity: 7 })).statusCode).toBe(200);
    expect(await ready()).toContain(waiting);
  });
});
