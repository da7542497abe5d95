import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { companyWithMembers } from '../../test-support/companies.js';
import { type Caller, test as shopTest } from '../../test-support/fixture.js';
import { insertPart } from '../../test-support/parts.js';

/**
 * A net-30 order as its buyer, their company and the shop read it once the shop's admin recorded
 * the bank payment: paid, its bank reference the payment's id, as a card payment's id is (the
 * web app shows any order with a paymentId as paid).
 */
const test = shopTest.extend('part', { scope: 'file' }, ({ shop }) =>
  insertPart(shop.database.db, {
    name: 'Thermal Camera Module',
    price_per_piece: 100,
    min_order_quantity: 1,
    available_quantity: 1000,
  }),
);

const read = async (who: Caller, url: string) => (await who.get(url)).json();

describe('a settled net-30 order', () => {
  test('answers paid, with the bank reference as its paymentId, to its buyer, its company admin and the shop', async ({
    shop,
    as,
    admin,
    part,
  }) => {
    const boss = await signUp(shop.app, { name: 'Company Admin' });
    const buyer = await signUp(shop.app, { name: 'Company Buyer' });
    const companyId = await companyWithMembers(
      shop.database.db,
      [
        { uid: boss.uid, role: 'admin' },
        { uid: buyer.uid, role: 'buyer' },
      ],
      { paymentTerms: 'net30' },
    );
    const placed = await as(buyer).post('/api/orders', {
      lines: [{ partsId: part, quantity: 3 }],
      mobile: '+880 1712 345678',
      address: 'Chattogram',
    });
    expect(placed.statusCode).toBe(201);
    const id = placed.json().insertedId as string;
    const invoiced = await read(as(buyer), `/api/purchaseById/${id}`);
    expect(invoiced).toMatchObject({ companyId, invoiceNumber: expect.stringMatching(/^INV-/) });
    expect(invoiced.dueDate).toEqual(expect.any(String));
    expect(invoiced).not.toHaveProperty('paymentId');

    const settled = await as(admin).put(`/api/purchaseById/${id}/settlement`, { reference: 'DBBL-TRX-7781' });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({ _id: id, paymentId: 'DBBL-TRX-7781' });
    expect(await read(as(buyer), `/api/purchaseById/${id}`)).toMatchObject({ paymentId: 'DBBL-TRX-7781' });
    const [companyOrder] = await read(as(boss), `/api/companies/${companyId}/orders`);
    expect(companyOrder).toMatchObject({ _id: id, paymentId: 'DBBL-TRX-7781' });
    const all = await read(as(admin), '/api/purchase?state=paid');
    expect(all.find((order: { _id: string }) => order._id === id)).toMatchObject({
      paymentId: 'DBBL-TRX-7781',
    });
  });
});
