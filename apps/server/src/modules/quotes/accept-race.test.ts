import { describe, expect } from 'vitest';
import { test as shopTest } from '../../test-support/fixture.js';
import { insertPart, stockOf } from '../../test-support/parts.js';
import { offeredQuote, offerQuote, orderLinesOf, quotedPrice, quoteRow } from '../../test-support/quotes.js';

// More quotes than a window allows one account (relay.test.ts holds that limit).
shopTest.override('shopOptions', { demo: false, env: { RATE_LIMIT_QUOTE_REQUESTS_PER_ACCOUNT: '1000' } });

const delivery = { mobile: '+880 1712 345678', address: 'Dhaka' };
/** The file's part, at $9 a piece. */
const test = shopTest.extend('part', { scope: 'file' }, ({ shop }) =>
  insertPart(shop.database.db, {
    name: 'Raced relay',
    price_per_piece: 9,
    available_quantity: 1_000,
    min_order_quantity: 1,
  }),
);

describe('accepting a quote at once', () => {
  test('20 accepts at once make exactly one order, take the stock once, and the rest get 409', async ({
    shop,
    as,
    admin,
    buyer,
    part,
  }) => {
    const id = await offeredQuote(
      { buyer: as(buyer), admin: as(admin) },
      { partsId: part, quantity: 7, unitPrice: 6 },
    );
    const before = await stockOf(shop.database.db, part);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => as(buyer).post(`/api/quotes/${id}/accept`, delivery)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(codes.every((c) => c < 500)).toBe(true);
    const orders = await orderLinesOf(shop.database.db, part, 7);
    expect(orders).toHaveLength(1);
    const winner = answers.find((a) => a.statusCode === 201)?.json().orderId;
    expect(orders[0]?.order_id).toBe(winner);
    expect(await stockOf(shop.database.db, part)).toBe(before - 7);
    const quote = await quoteRow(shop.database.db, id);
    expect(quote).toMatchObject({ status: 'accepted', order_id: winner });
    const accepted = await shop.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('subject_id', '=', id)
      .where('action', '=', 'quote.accepted')
      .execute();
    expect(accepted).toHaveLength(1);
  });

  // An accept that names the offer it read (If-Match) takes that offer or none. (A bare accept
  // takes the offer current when it is decided: one that comes after the new offer makes the
  // order at the new prices, which this test once took for a failure; see the test below.)
  test('an accept naming its offer racing a new offer gives the order at the old prices or the new offer, never both', async ({
    shop,
    as,
    admin,
    buyer,
    part,
  }) => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 10; round++) {
      const quantity = 11 + round;
      const id = await offeredQuote(
        { buyer: as(buyer), admin: as(admin) },
        { partsId: part, quantity, unitPrice: 5 },
      );
      const seen = (await as(buyer).get(`/api/quotes/${id}`)).headers.etag as string;
      const before = await stockOf(shop.database.db, part);
      const [accepted, reoffered] = await Promise.all([
        as(buyer).post(`/api/quotes/${id}/accept`, delivery, { 'if-match': seen }),
        offerQuote(as(admin), id, [{ partsId: part, unitPrice: 3 }]),
      ]);
      expect([accepted.statusCode, reoffered.statusCode].every((c) => c < 500)).toBe(true);
      const quote = await quoteRow(shop.database.db, id);
      const price = await quotedPrice(shop.database.db, id);
      const orders = await orderLinesOf(shop.database.db, part, quantity);
      if (accepted.statusCode === 201) {
        // The order came first: at the old price, and the new offer refused.
        outcomes.add('accepted');
        expect(reoffered.statusCode).toBe(409);
        expect(quote?.status).toBe('accepted');
        expect(price).toBe(5);
        expect(orders.map((o) => Number(o.unit_price))).toEqual([5]);
        expect(await stockOf(shop.database.db, part)).toBe(before - quantity);
      } else {
        // The offer came first: it stands, and no order was made.
        outcomes.add('reoffered');
        expect(accepted.statusCode).toBe(412);
        expect(reoffered.statusCode).toBe(200);
        expect(quote?.status).toBe('offered');
        expect(price).toBe(3);
        expect(orders).toEqual([]);
        expect(await stockOf(shop.database.db, part)).toBe(before);
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  test('a bare accept racing a new offer makes at most one order, at the prices of the offer the quote ends with', async ({
    shop,
    as,
    admin,
    buyer,
    part,
  }) => {
    for (let round = 0; round < 10; round++) {
      const quantity = 31 + round;
      const id = await offeredQuote(
        { buyer: as(buyer), admin: as(admin) },
        { partsId: part, quantity, unitPrice: 5 },
      );
      const before = await stockOf(shop.database.db, part);
      const [accepted, reoffered] = await Promise.all([
        as(buyer).post(`/api/quotes/${id}/accept`, delivery),
        offerQuote(as(admin), id, [{ partsId: part, unitPrice: 3 }]),
      ]);
      expect([accepted.statusCode, reoffered.statusCode].every((c) => c < 500)).toBe(true);
      const quote = await quoteRow(shop.database.db, id);
      const price = await quotedPrice(shop.database.db, id);
      const orders = await orderLinesOf(shop.database.db, part, quantity);
      if (accepted.statusCode === 201) {
        // Before the new offer (refused: the old prices), or after it (the new prices): the
        // order's prices are the accepted offer's, and the new offer stands only if it was that.
        expect(quote?.status).toBe('accepted');
        expect(orders.map((o) => Number(o.unit_price))).toEqual([price]);
        expect(price).toBe(reoffered.statusCode === 200 ? 3 : 5);
        expect(await stockOf(shop.database.db, part)).toBe(before - quantity);
      } else {
        expect(accepted.statusCode).toBe(409);
        expect(reoffered.statusCode).toBe(200);
        expect(quote?.status).toBe('offered');
        expect(price).toBe(3);
        expect(orders).toEqual([]);
        expect(await stockOf(shop.database.db, part)).toBe(before);
      }
    }
  });
});
