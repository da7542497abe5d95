import { notMultipleMessage } from '@shop/contract/parts';
import { describe, expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { type Caller, test as shopTest } from '../../test-support/fixture.js';
import { order, purchase, readOrder } from '../../test-support/orders.js';
import { addedPart, stockOf } from '../../test-support/parts.js';
import { askedQuote, offeredQuote, offerQuote, quoteRow } from '../../test-support/quotes.js';

/**
 * A part's order multiple (docs/api.md part three): every path that takes a quantity refuses one
 * that is not a multiple of it, 422 quantity_out_of_range naming the part and its multiple, and
 * takes one that is; a refusal takes nothing from stock.
 */
const test = shopTest
  .extend(
    'reel',
    { scope: 'file' },
    // A reel of 50 at $1 a piece, so that no buyer's unpaid orders reach a cap; answers its id and name.
    ({ as, admin }) =>
      async (available = 1000) => {
        const name = `Resistor reel ${Math.random().toString(36).slice(2, 8)}`;
        const id = await addedPart(as(admin), { name, price: 1, min: 1, available, multiple: 50 });
        return { id, name };
      },
  )
  .extend(
    'stock',
    { scope: 'file' },
    ({ shop }) =>
      (id: string) =>
        stockOf(shop.database.db, id),
  )
  .extend(
    'setMultiple',
    { scope: 'file' },
    ({ shop }) =>
      (id: string, multiple: number) =>
        shop.database.db
          .updateTable('parts')
          .set({ order_multiple: multiple })
          .where('id', '=', id)
          .execute(),
  );

const partOf = async (caller: Caller, id: string) => (await caller.get(`/api/partsById?id=${id}`)).json();
const multipleMessage = (name: string, multiple = 50) =>
  `Quantity of ${name} must be a multiple of ${multiple}`;

describe("a part's order multiple", () => {
  test('is set by the admin (1 when left out), kept by an edit that leaves it out, and bounded', async ({
    shop,
    as,
    admin,
  }) => {
    const id = await addedPart(as(admin), { price: 2, multiple: 250 });
    const part = await partOf(as(null), id);
    expect(part.order_multiple).toBe(250);
    expect((await partOf(as(null), await addedPart(as(admin)))).order_multiple).toBe(1);

    const { _id, fitsTools, order_multiple, ...body } = part;
    const edited = await as(admin).put(`/api/partsById?id=${id}`, { ...body, available_quantity: 900 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await partOf(as(null), id)).order_multiple).toBe(250);
    expect(
      (await as(admin).put(`/api/partsById?id=${id}`, { ...body, order_multiple: '10' })).statusCode,
    ).toBe(200);
    expect((await partOf(as(null), id)).order_multiple).toBe(10);

    for (const wrong of [0, -5, 1.5, 1_000_001, 'ten', null, true]) {
      const res = await as(admin).put(`/api/partsById?id=${id}`, { ...body, order_multiple: wrong });
      expect(res.statusCode, String(wrong)).toBe(400);
      expect(res.json().error.message, String(wrong)).toMatch(/^order_multiple /);
    }
    const most = await as(admin).put(`/api/partsById?id=${id}`, { ...body, order_multiple: 1_000_000 });
    expect(most.statusCode).toBe(200);
    // The activity log keeps it with the part.
    const audit = await shop.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('subject_id', '=', id)
      .orderBy('id', 'desc')
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.after ?? '{}').order_multiple)).toContain(1_000_000);
  });

  test('the message names the part and its multiple, thousands separated', () => {
    expect(notMultipleMessage('Reel 0603', 5000)).toBe('Quantity of Reel 0603 must be a multiple of 5,000');
  });
});

describe('POST /api/orders and POST /api/purchase', () => {
  test('refuse a quantity that is not a multiple, naming the part and its multiple, and take nothing', async ({
    as,
    buyer,
    reel,
    stock,
  }) => {
    const part = await reel();
    const other = await reel();
    const refused = await order(as(buyer), [
      { partsId: other.id, quantity: 100 },
      { partsId: part.id, quantity: 120 },
    ]);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toEqual({
      code: 'quantity_out_of_range',
      message: multipleMessage(part.name),
      details: [{ line: 1, partsId: part.id }],
    });
    const both = await order(as(buyer), [
      { partsId: other.id, quantity: 1 },
      { partsId: part.id, quantity: 49 },
    ]);
    expect(both.json().error.message).toBe(`${multipleMessage(other.name)} (and 1 more line)`);
    expect(both.json().error.details).toEqual([
      { line: 0, partsId: other.id },
      { line: 1, partsId: part.id },
    ]);

    const single = await purchase(as(buyer), part.id, 75);
    expect(single.statusCode).toBe(422);
    expect(single.json().error).toMatchObject({
      code: 'quantity_out_of_range',
      message: multipleMessage(part.name),
    });
    expect([await stock(part.id), await stock(other.id)]).toEqual([1000, 1000]);
  });

  test('take a quantity that is a multiple, on both paths', async ({ as, buyer, reel, stock }) => {
    const part = await reel();
    const placed = await order(as(buyer), [{ partsId: part.id, quantity: 150 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await readOrder(as(buyer), placed.json().insertedId)).lines[0]).toMatchObject({
      partsId: part.id,
      quantity: 150,
    });
    const single = await purchase(as(buyer), part.id, 50);
    expect(single.statusCode, single.body).toBe(201);
    expect(await stock(part.id)).toBe(800);
  });

  test("a quantity out of range but a multiple keeps SPEC's message", async ({ as, buyer, reel }) => {
    const part = await reel(100);
    const res = await order(as(buyer), [{ partsId: part.id, quantity: 150 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('You have to place order in our given range');
  });

  test('buyers racing for a reel part never take more than there is, nor a piece off the multiple', async ({
    shop,
    as,
    reel,
    stock,
  }) => {
    const part = await reel(200);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signUp(shop.app)));
    // Six buyers at once: four want 50 (a multiple), two want 60 (none).
    const answers = await Promise.all(
      buyers.map((who, i) => order(as(who), [{ partsId: part.id, quantity: i < 4 ? 50 : 60 }])),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.slice(0, 4)).toEqual([201, 201, 201, 201]);
    expect(answers.slice(4).map((res) => res.json().error.message)).toEqual([
      multipleMessage(part.name),
      multipleMessage(part.name),
    ]);
    expect(await stock(part.id)).toBe(0);

    // Two more at once for the last 100 of a restocked reel: both fit, then nothing is left.
    await shop.database.db
      .updateTable('parts')
      .set({ available_quantity: 100 })
      .where('id', '=', part.id)
      .execute();
    const [a, b, c] = await Promise.all(
      buyers.slice(0, 3).map((who) => order(as(who), [{ partsId: part.id, quantity: 50 }])),
    );
    expect([a, b, c].map((res) => res?.statusCode).sort()).toEqual([201, 201, 422]);
    expect(await stock(part.id)).toBe(0);
  });
});

describe('quotes', () => {
  test('a request refuses a quantity off the multiple (422 naming it) and takes one that is', async ({
    as,
    buyer,
    reel,
  }) => {
    const part = await reel();
    const refused = await as(buyer).post('/api/quotes', {
      lines: [{ partsId: part.id, quantity: 5001 }],
      message: 'A price for a big lot',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: 'quantity_out_of_range',
      message: multipleMessage(part.name),
      details: [{ line: 0, partsId: part.id }],
    });
    // Out of range (above the stock) is what a quote is for: a multiple is taken.
    await askedQuote(as(buyer), [{ partsId: part.id, quantity: 5000 }]);
  });

  test("the shop's offer is refused while a quantity is off the part's multiple (changed since)", async ({
    shop,
    as,
    admin,
    buyer,
    reel,
    setMultiple,
  }) => {
    const part = await reel();
    const id = await askedQuote(as(buyer), [{ partsId: part.id, quantity: 100 }]);
    await setMultiple(part.id, 40);
    const refused = await offerQuote(as(admin), id, [{ partsId: part.id, unitPrice: 1 }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: 'quantity_out_of_range',
      message: multipleMessage(part.name, 40),
      details: [{ line: 0, partsId: part.id }],
    });
    expect((await quoteRow(shop.database.db, id)).status).toBe('requested');
    await setMultiple(part.id, 25);
    expect((await offerQuote(as(admin), id, [{ partsId: part.id, unitPrice: 1 }])).statusCode).toBe(200);
  });

  test('an accept is refused while a quantity is off the multiple, the quote stays offered; a multiple is ordered', async ({
    shop,
    as,
    admin,
    buyer,
    reel,
    stock,
    setMultiple,
  }) => {
    const part = await reel();
    const who = { buyer: as(buyer), admin: as(admin) };
    const id = await offeredQuote(who, { partsId: part.id, quantity: 100, unitPrice: 1 });
    await setMultiple(part.id, 30);
    const refused = await as(buyer).post(`/api/quotes/${id}/accept`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: 'quantity_out_of_range',
      message: multipleMessage(part.name, 30),
      details: [{ line: 0, partsId: part.id }],
    });
    expect((await quoteRow(shop.database.db, id)).status).toBe('offered');
    expect(await stock(part.id)).toBe(1000);

    await setMultiple(part.id, 50);
    const accepted = await as(buyer).post(`/api/quotes/${id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect((await readOrder(as(buyer), accepted.json().orderId)).lines[0]).toMatchObject({ quantity: 100 });
    expect(await stock(part.id)).toBe(900);
  });
});
