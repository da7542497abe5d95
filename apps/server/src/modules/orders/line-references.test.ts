import { parse } from 'csv-parse/sync';
import { describe, expect } from 'vitest';
import { test as shopTest } from '../../test-support/fixture.js';
import { clientSecretFor, confirmCard } from '../../test-support/invoice-orders.js';
import { delivery, order, placedOrder, readOrder } from '../../test-support/orders.js';
import { addedPart } from '../../test-support/parts.js';
import { pdfText, squeezed } from '../../test-support/pdf-text.js';
import { askedQuote, offerQuote } from '../../test-support/quotes.js';

/**
 * A line's reference (docs/api.md part three): the buyer's designators or cost code on order,
 * quote and saved list lines, at most 40 characters (a longer one refused with a 400, never cut),
 * kept, answered, carried from a quote to its order, and printed on the invoice, the packing slip
 * and in the orders' CSV export.
 */
const test = shopTest.extend('part', { scope: 'file' }, ({ as, admin }) =>
  addedPart(as(admin), { name: 'Ceramic capacitor 100nF 0603', price: 1, min: 1, available: 100_000 }),
);

const FORTY = 'R1-R4, C7, C9 / cost centre 4411-PCB-A2'.padEnd(40, '.');
const FORTY_ONE = `${FORTY}!`;

describe('order lines', () => {
  test('keep the reference given (trimmed; 40 characters at most), and answer it with the line', async ({
    as,
    buyer,
    admin,
    part,
  }) => {
    const second = await addedPart(as(admin), { price: 1 });
    const id = await placedOrder(as(buyer), [
      { partsId: part, quantity: 10, reference: `  ${FORTY}  ` } as never,
      { partsId: second, quantity: 5, reference: '' } as never,
    ]);
    const { lines } = await readOrder(as(buyer), id);
    expect(lines).toEqual([
      expect.objectContaining({ partsId: part, quantity: 10, reference: FORTY }),
      expect.not.objectContaining({ reference: expect.anything() }),
    ]);
    // The lists answer it too.
    const mine = (
      await as(buyer).get(`/api/purchaseByEmail?email=${encodeURIComponent(buyer.email)}`)
    ).json();
    expect(mine.find((o: { _id: string }) => o._id === id).lines[0].reference).toBe(FORTY);
  });

  test.for([
    ['41 characters', FORTY_ONE, 'lines.0.reference must be at most 40 characters'],
    ['a line break', 'R1\nR2', 'lines.0.reference must be one line, without tabs or line breaks'],
    ['a number', 12, null],
    ['an object', { r: 1 }, 'lines.0.reference must be text'],
  ] as const)(
    'refuses a reference of %s with a 400 naming it, and orders nothing',
    async ([_label, reference, message], { as, buyer, part }) => {
      const res = await order(as(buyer), [{ partsId: part, quantity: 10, reference } as never]);
      if (message === null) {
        // A JSON number is read as its text (docs/api.md precise point 9).
        expect(res.statusCode, res.body).toBe(201);
        expect((await readOrder(as(buyer), res.json().insertedId)).lines[0].reference).toBe('12');
        return;
      }
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation', message });
    },
  );

  test('are printed on the invoice and the packing slip, and are in the CSV export', async ({
    as,
    buyer,
    admin,
    shop,
    part,
  }) => {
    const id = await placedOrder(as(buyer), [
      { partsId: part, quantity: 20, reference: 'U3, U7 · PO-line 4' } as never,
    ]);
    const paid = await confirmCard(shop.app, buyer, await clientSecretFor(shop.app, buyer, id));
    expect(paid.statusCode, paid.body).toBe(200);

    const invoice = await as(buyer).get(`/api/purchaseById/${id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    const invoiceText = await pdfText(invoice.rawPayload);
    expect(invoiceText).toContain('Ceramic capacitor 100nF 0603');
    expect(squeezed(invoiceText)).toContain(squeezed('Ref: U3, U7 · PO-line 4'));

    const slip = await as(admin).get(`/api/purchaseById/${id}/packing-slip`);
    expect(slip.statusCode).toBe(200);
    expect(squeezed(await pdfText(slip.rawPayload))).toContain(squeezed('Ref: U3, U7 · PO-line 4'));

    const csv = await as(admin).get(`/api/purchase.csv?buyer=${encodeURIComponent(buyer.email)}`);
    const rows: Record<string, string>[] = parse(csv.body, { columns: true, bom: true });
    const row = rows.find((r) => r.order === id);
    expect(row).toMatchObject({
      part: 'Ceramic capacitor 100nF 0603',
      quantity: '20',
      reference: 'U3, U7 · PO-line 4',
    });
  });

  test('a reference that starts like a formula is kept, and neutralised in the CSV export', async ({
    as,
    buyer,
    admin,
    part,
  }) => {
    const id = await placedOrder(as(buyer), [
      { partsId: part, quantity: 1, reference: '=SUM(A1:A9)' } as never,
    ]);
    expect((await readOrder(as(buyer), id)).lines[0].reference).toBe('=SUM(A1:A9)');
    const csv = (await as(admin).get(`/api/purchase.csv?buyer=${encodeURIComponent(buyer.email)}`)).body;
    expect(csv).toContain("'=SUM(A1:A9)");
  });
});

describe('quote lines', () => {
  test('keep the reference, and the accepted offer makes order lines that carry it', async ({
    as,
    buyer,
    admin,
    part,
  }) => {
    const id = await askedQuote(as(buyer), [
      { partsId: part, quantity: 300, reference: 'Board B, C1-C30' } as never,
    ]);
    expect((await as(buyer).get(`/api/quotes/${id}`)).json().lines[0]).toMatchObject({
      quantity: 300,
      reference: 'Board B, C1-C30',
    });
    expect((await offerQuote(as(admin), id, [{ partsId: part, unitPrice: 1 }])).statusCode).toBe(200);
    const accepted = await as(buyer).post(`/api/quotes/${id}/accept`, delivery);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect((await readOrder(as(buyer), accepted.json().orderId)).lines[0]).toMatchObject({
      quantity: 300,
      reference: 'Board B, C1-C30',
    });
  });

  test('refuse a reference of 41 characters with a 400, asking nothing', async ({ as, buyer, part }) => {
    const res = await as(buyer).post('/api/quotes', {
      lines: [{ partsId: part, quantity: 5, reference: FORTY_ONE }],
      message: 'A price, please',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('lines.0.reference must be at most 40 characters');
  });
});

describe('saved list lines', () => {
  test('keep the reference through a save and a replace; 41 characters are refused', async ({
    as,
    buyer,
    part,
  }) => {
    const made = await as(buyer).post('/api/lists', {
      name: 'Board A',
      lines: [{ partsId: part, quantity: 100, reference: 'C1-C100' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().insertedId;
    expect((await as(buyer).get(`/api/lists/${id}`)).json().lines[0]).toMatchObject({
      partsId: part,
      quantity: 100,
      reference: 'C1-C100',
    });
    const replaced = await as(buyer).put(`/api/lists/${id}`, {
      name: 'Board A',
      lines: [{ partsId: part, quantity: 200, reference: FORTY }],
    });
    expect(replaced.statusCode).toBe(200);
    expect((await as(buyer).get(`/api/lists/${id}`)).json().lines[0].reference).toBe(FORTY);

    const refused = await as(buyer).put(`/api/lists/${id}`, {
      name: 'Board A',
      lines: [{ partsId: part, quantity: 200, reference: FORTY_ONE }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('lines.0.reference must be at most 40 characters');
    expect((await as(buyer).get(`/api/lists/${id}`)).json().lines[0].reference).toBe(FORTY);
  });
});
