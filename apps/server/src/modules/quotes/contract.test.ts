import { expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { companyWithMembers } from '../../test-support/companies.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { insertPart } from '../../test-support/parts.js';
import { offeredQuote } from '../../test-support/quotes.js';

// An accepted quote's prices become its buyer's company's contract prices (the shop's admin).

shopTest.override('shopOptions', { demo: false, env: { RATE_LIMIT_QUOTE_REQUESTS_PER_ACCOUNT: '1000' } });

const delivery = { mobile: '+880 1712 345678', address: 'Dhaka' };

const test = shopTest.extend('part', { scope: 'file' }, ({ shop }) =>
  insertPart(shop.database.db, {
    name: 'Contract relay',
    price_per_piece: 9,
    available_quantity: 100_000,
    min_order_quantity: 1,
  }),
);

test('an accepted quote of a member makes contract prices; others are refused with a clear 409', async ({
  as,
  admin,
  buyer,
  part,
  shop,
}) => {
  const member = await signUp(shop.app, { name: 'Quote Member' });
  const companyId = await companyWithMembers(shop.database.db, [{ uid: member.uid, role: 'admin' }]);
  const quoteOf = (who: typeof member) =>
    offeredQuote({ buyer: as(who), admin: as(admin) }, { partsId: part, quantity: 50, unitPrice: 7 });
  const contract = (id: string, body: object = {}) => as(admin).post(`/api/quotes/${id}/contract`, body);

  const offered = await quoteOf(member);
  expect((await contract(offered)).statusCode).toBe(409);
  expect((await as(member).post(`/api/quotes/${offered}/accept`, delivery)).statusCode).toBe(201);
  expect((await as(member).post(`/api/quotes/${offered}/contract`, {})).statusCode).toBe(403);
  expect((await contract(offered, { validUntil: '2020-01-01' })).statusCode).toBe(400);
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const made = await contract(offered, { validUntil });
  expect(made.statusCode, made.body).toBe(200);
  expect(made.json().items).toEqual([
    { partsId: part, partsName: 'Contract relay', unitPrice: 7, validUntil, listPrice: 9, expired: false },
  ]);
  expect((await as(member).get(`/api/companies/${companyId}/prices`)).json()).toEqual(made.json());
  const seen = (await as(member).get(`/api/partsById?id=${part}`)).json();
  expect(seen.contractPrice).toEqual({ unitPrice: 7, validUntil });

  // The buyer of this quote is in no company: no company to give the prices.
  const solo = await quoteOf(buyer);
  expect((await as(buyer).post(`/api/quotes/${solo}/accept`, delivery)).statusCode).toBe(201);
  const refused = await contract(solo);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().error.message).toContain('no company');
  expect((await contract('01900000-0000-7000-8000-000000000000')).statusCode).toBe(404);
});
