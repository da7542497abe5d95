import { AMOUNT_LIMIT_MESSAGE } from '@shop/contract/payments';
import { describe, expect } from 'vitest';
import { signUpVerified } from '../../test-support/accounts.js';
import { companyWithMembers } from '../../test-support/companies.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { order, purchase, readOrder } from '../../test-support/orders.js';
import { insertPart, stockOf } from '../../test-support/parts.js';
import { askedQuote, offerQuote, quoteRow } from '../../test-support/quotes.js';

/** $100 a piece: 100 pieces are $10,000, above what a card may pay (9,999.99). */
const test = shopTest.extend('partsId', { scope: 'file' }, ({ shop }) =>
  insertPart(shop.database.db, {
    name: 'Dear part',
    price_per_piece: 100,
    available_quantity: 10_000,
    min_order_quantity: 1,
  }),
);

const refusal = { error: { code: 'amount_limit', message: AMOUNT_LIMIT_MESSAGE } };

describe('an order on card terms above 9,999.99', () => {
  test("is refused when it is placed (422, SPEC.md's words), and takes no pieces and no order number", async ({
    shop,
    as,
    partsId,
  }) => {
    // Verified: the cap on an unverified account's unpaid value (409) would come first.
    const buyer = await signUpVerified(shop.app, shop.database.db);
    const before = await stockOf(shop.database.db, partsId);
    const one = await purchase(as(buyer), partsId, 100);
    expect(one.statusCode).toBe(422);
    expect(one.json()).toEqual(refusal);
    const many = await order(as(buyer), [{ partsId, quantity: 60 }]);
    expect(many.statusCode).toBe(201);
    const more = await order(as(buyer), [{ partsId, quantity: 99 }]);
    expect(more.statusCode).toBe(201);
    expect(await stockOf(shop.database.db, partsId)).toBe(before - 60 - 99);
    // The refused order took no number: the two placed ones follow each other.
    const [first, second] = await Promise.all(
      [many, more].map(async (res) => (await readOrder(as(buyer), res.json().insertedId)).number as string),
    );
    expect(Number(second?.slice(3))).toBe(Number(first?.slice(3)) + 1);
  });

  test("is refused for a member of a company on card terms, waiting for approval or not; a net-30 company's goes on account", async ({
    shop,
    as,
    partsId,
  }) => {
    const cardMember = await signUpVerified(shop.app, shop.database.db);
    const waitingMember = await signUpVerified(shop.app, shop.database.db);
    const netMember = await signUpVerified(shop.app, shop.database.db);
    await companyWithMembers(shop.database.db, [
      { uid: cardMember.uid, role: 'admin' },
      { uid: waitingMember.uid, role: 'buyer', spendingLimit: 0 },
    ]);
    await companyWithMembers(shop.database.db, [{ uid: netMember.uid, role: 'admin' }], {
      paymentTerms: 'net30',
      name: 'Net Terms Ltd',
    });
    for (const member of [cardMember, waitingMember]) {
      const res = await purchase(as(member), partsId, 100);
      expect(res.statusCode, member.email).toBe(422);
      expect(res.json()).toEqual(refusal);
    }
    const onAccount = await purchase(as(netMember), partsId, 100);
    expect(onAccount.statusCode, onAccount.body).toBe(201);
    const placed = await readOrder(as(netMember), onAccount.json().insertedId);
    expect(placed.price).toBe(10_000);
    expect(placed.dueDate).toEqual(expect.any(String));
  });

  test('an accepted offer above it is refused the same, and the quote stays offered', async ({
    shop,
    as,
    admin,
    buyer,
    partsId,
  }) => {
    const id = await askedQuote(as(buyer), [{ partsId, quantity: 200 }]);
    expect((await offerQuote(as(admin), id, [{ partsId, unitPrice: 60 }])).statusCode).toBe(200);
    const before = await stockOf(shop.database.db, partsId);
    const accept = await as(buyer).post(`/api/quotes/${id}/accept`);
    expect(accept.statusCode).toBe(422);
    expect(accept.json()).toEqual(refusal);
    expect((await quoteRow(shop.database.db, id))?.status).toBe('offered');
    expect(await stockOf(shop.database.db, partsId)).toBe(before);
  });
});
