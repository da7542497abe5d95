import { describe, expect } from 'vitest';
import type { TestAccount } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { insertPart } from '../../test-support/parts.js';
import { inHours, offeredQuote, offerQuote, orderLinesOf, quoteRow } from '../../test-support/quotes.js';

// An accept names the offer it accepts (If-Match with the quote's ETag, or the offer's
// validUntil): an offer made between the buyer's look and their click never becomes the order.

shopTest.override('shopOptions', { demo: false, env: { RATE_LIMIT_QUOTE_REQUESTS_PER_ACCOUNT: '1000' } });

const delivery = { mobile: '+880 1712 345678', address: 'Dhaka' };

/** The file's part, and helpers on it as the shop's admin and buyer. */
const test = shopTest
  .extend('part', { scope: 'file' }, ({ shop }) =>
    insertPart(shop.database.db, {
      name: 'Named offer relay',
      price_per_piece: 9,
      available_quantity: 100_000,
      min_order_quantity: 1,
    }),
  )
  .extend(
    'offer',
    { scope: 'file' },
    ({ as, admin, part }) =>
      (id: string, unitPrice: number, validUntil = inHours(48)) =>
        offerQuote(as(admin), id, [{ partsId: part, unitPrice }], validUntil),
  )
  /** A quote of its own quantity (its order lines are told apart by it), offered at `unitPrice`. */
  .extend('offered', { scope: 'file' }, ({ as, admin, buyer, part }) => {
    let quantity = 100;
    return async (unitPrice: number, validUntil = inHours(24)) => {
      quantity += 1;
      const line = { partsId: part, quantity, unitPrice };
      return {
        id: await offeredQuote({ buyer: as(buyer), admin: as(admin) }, line, { validUntil }),
        quantity,
      };
    };
  })
  .extend(
    'read',
    { scope: 'file' },
    ({ as, buyer }) =>
      (id: string, who: TestAccount = buyer) =>
        as(who).get(`/api/quotes/${id}`),
  )
  .extend(
    'accept',
    { scope: 'file' },
    ({ as, buyer }) =>
      (id: string, named: { ifMatch?: string; body?: Record<string, unknown> } = {}) =>
        as(buyer).post(
          `/api/quotes/${id}/accept`,
          named.body ?? delivery,
          named.ifMatch === undefined ? {} : { 'if-match': named.ifMatch },
        ),
  );

describe('the ETag of a quote', () => {
  test('is a strong ETag that changes with every offer, the answer staying no-store', async ({
    admin,
    offer,
    offered,
    read,
  }) => {
    const { id } = await offered(5);
    const first = await read(id);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('no-store');
    // The same offer, the same ETag (for the admin too); a new offer, a new one.
    expect((await read(id)).headers.etag).toBe(etag);
    expect((await read(id, admin)).headers.etag).toBe(etag);
    expect((await offer(id, 95)).statusCode).toBe(200);
    const second = await read(id);
    expect(second.headers.etag).toMatch(/^"[^"]+"$/);
    expect(second.headers.etag).not.toBe(etag);
    expect(second.headers['cache-control']).toBe('no-store');
  });

  test('is there when the answer is compressed too', async ({ as, buyer, offered, read }) => {
    const { id } = await offered(5);
    // A long message makes the answer long enough to be compressed.
    const posted = await as(buyer).post(`/api/quotes/${id}/messages`, {
      message: 'Twelve weeks of delivery at most, please. '.repeat(40),
    });
    expect(posted.statusCode).toBe(201);
    const plain = (await read(id)).headers.etag;
    expect(plain).toMatch(/^"[^"]+"$/);
    const zipped = await as(buyer).get(`/api/quotes/${id}`, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(plain);
  });
});

describe('an accept naming its offer with If-Match', () => {
  test('is refused with 412 when the offer changed since: the quote stays offered at the new price, no order', async ({
    shop,
    part,
    offer,
    offered,
    read,
    accept,
  }) => {
    const { id, quantity } = await offered(1);
    const seen = (await read(id)).headers.etag as string;
    expect((await offer(id, 95)).statusCode).toBe(200);
    const res = await accept(id, { ifMatch: seen });
    expect(res.statusCode, res.body).toBe(412);
    expect(res.json().error.code).toBe('precondition_failed');
    expect(res.json().error.message).toMatch(/offer/i);
    expect(await quoteRow(shop.database.db, id)).toMatchObject({ status: 'offered', order_id: null });
    expect(await orderLinesOf(shop.database.db, part, quantity)).toEqual([]);
    // The new offer, read again and named, is accepted at its price.
    const fresh = (await read(id)).headers.etag as string;
    const again = await accept(id, { ifMatch: fresh });
    expect(again.statusCode, again.body).toBe(201);
    expect((await orderLinesOf(shop.database.db, part, quantity)).map((o) => Number(o.unit_price))).toEqual([
      95,
    ]);
  });

  test('is accepted when it names the current offer, at its prices', async ({
    shop,
    part,
    offered,
    read,
    accept,
  }) => {
    const { id, quantity } = await offered(7);
    const res = await accept(id, { ifMatch: (await read(id)).headers.etag as string });
    expect(res.statusCode, res.body).toBe(201);
    expect(await quoteRow(shop.database.db, id)).toMatchObject({
      status: 'accepted',
      order_id: res.json().orderId,
    });
    expect((await orderLinesOf(shop.database.db, part, quantity)).map((o) => Number(o.unit_price))).toEqual([
      7,
    ]);
  });

  test('compares strongly: a list naming the current offer passes, a weak or foreign tag does not', async ({
    shop,
    offered,
    read,
    accept,
  }) => {
    const { id } = await offered(7);
    const etag = (await read(id)).headers.etag as string;
    const other = await offered(7);
    const otherTag = (await read(other.id)).headers.etag as string;
    for (const refused of [`W/${etag}`, otherTag, '"nothing"', etag.slice(1, -1)]) {
      const res = await accept(id, { ifMatch: refused });
      expect(res.statusCode, refused).toBe(412);
    }
    expect((await quoteRow(shop.database.db, id)).status).toBe('offered');
    const res = await accept(id, { ifMatch: `"nothing", ${etag}` });
    expect(res.statusCode, res.body).toBe(201);
  });

  test('If-Match: * names no offer: the current one is accepted', async ({ offered, accept }) => {
    const { id } = await offered(7);
    expect((await accept(id, { ifMatch: '*' })).statusCode).toBe(201);
  });

  test('an accepted quote answers 409 whatever it names', async ({ offered, read, accept }) => {
    const { id } = await offered(7);
    const etag = (await read(id)).headers.etag as string;
    expect((await accept(id, { ifMatch: etag })).statusCode).toBe(201);
    expect((await accept(id, { ifMatch: etag })).statusCode).toBe(409);
    expect((await accept(id, { ifMatch: '"stale"' })).statusCode).toBe(409);
  });
});

describe('an accept naming its offer with validUntil', () => {
  test("is refused with 409 when it is not the current offer's: the quote stays offered, no order", async ({
    shop,
    part,
    offer,
    offered,
    accept,
  }) => {
    const before = inHours(24);
    const { id, quantity } = await offered(1, before);
    expect((await offer(id, 95, inHours(30))).statusCode).toBe(200);
    const res = await accept(id, { body: { ...delivery, validUntil: before } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('conflict');
    expect(res.json().error.message).toMatch(/offer/i);
    expect(await quoteRow(shop.database.db, id)).toMatchObject({ status: 'offered', order_id: null });
    expect(await orderLinesOf(shop.database.db, part, quantity)).toEqual([]);
  });

  test("is accepted when it is the current offer's (the same moment, however written)", async ({
    shop,
    part,
    offered,
    accept,
  }) => {
    const validUntil = inHours(24);
    const { id, quantity } = await offered(8, validUntil);
    const sameMoment = validUntil.replace('Z', '+00:00');
    const res = await accept(id, { body: { ...delivery, validUntil: sameMoment } });
    expect(res.statusCode, res.body).toBe(201);
    expect((await orderLinesOf(shop.database.db, part, quantity)).map((o) => Number(o.unit_price))).toEqual([
      8,
    ]);
  });

  test('must be a date and time', async ({ offered, accept }) => {
    const { id } = await offered(8);
    const res = await accept(id, { body: { ...delivery, validUntil: 'tomorrow' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/validUntil/);
  });

  test('with If-Match too, both must name the current offer', async ({ offered, read, accept }) => {
    const validUntil = inHours(24);
    const { id } = await offered(8, validUntil);
    const etag = (await read(id)).headers.etag as string;
    const wrong = await accept(id, { ifMatch: etag, body: { ...delivery, validUntil: inHours(25) } });
    expect(wrong.statusCode).toBe(409);
    const res = await accept(id, { ifMatch: etag, body: { ...delivery, validUntil } });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('a bare accept (as API.md part two has it)', () => {
  test('accepts the current offer, with or without a body', async ({
    shop,
    as,
    buyer,
    part,
    offer,
    offered,
    accept,
  }) => {
    const { id, quantity } = await offered(9);
    expect((await offer(id, 10)).statusCode).toBe(200);
    const res = await accept(id);
    expect(res.statusCode, res.body).toBe(201);
    expect((await orderLinesOf(shop.database.db, part, quantity)).map((o) => Number(o.unit_price))).toEqual([
      10,
    ]);
    const bodiless = await offered(9);
    const answer = await as(buyer).post(`/api/quotes/${bodiless.id}/accept`);
    expect(answer.statusCode, answer.body).toBe(201);
  });
});

describe('accepts naming an offer racing a new offer', () => {
  test('50 accepts naming the old offer while the admin offers anew: never an order at the new price', async ({
    shop,
    part,
    offer,
    offered,
    read,
    accept,
  }) => {
    for (let round = 0; round < 3; round++) {
      const { id, quantity } = await offered(1);
      const seen = (await read(id)).headers.etag as string;
      const accepts = Array.from({ length: 50 }, (_, i) =>
        accept(
          id,
          i % 2 === 0 ? { ifMatch: seen } : { ifMatch: seen, body: { ...delivery, poNumber: `PO-${i}` } },
        ),
      );
      const [reoffered, ...answers] = await Promise.all([offer(id, 95), ...accepts]);
      const codes = answers.map((a) => a.statusCode);
      expect(
        codes.every((c) => c === 201 || c === 409 || c === 412),
        codes.join(),
      ).toBe(true);
      const orders = await orderLinesOf(shop.database.db, part, quantity);
      // Whatever won, no order is at the new price, and at most one order was made.
      expect(orders.map((o) => Number(o.unit_price)).filter((price) => price !== 1)).toEqual([]);
      expect(orders.length).toBeLessThanOrEqual(1);
      expect(codes.filter((c) => c === 201)).toHaveLength(orders.length);
      const quote = await quoteRow(shop.database.db, id);
      if (orders.length === 1) {
        expect(reoffered.statusCode).toBe(409);
        expect(quote).toMatchObject({ status: 'accepted', order_id: orders[0]?.order_id });
      } else {
        expect(reoffered.statusCode).toBe(200);
        expect(quote.status).toBe('offered');
        // Those decided after the new offer were told it changed.
        expect(codes.filter((c) => c === 412).length).toBeGreaterThan(0);
      }
    }
  });
});

describe('the API documentation', () => {
  test('documents the ETag, the If-Match header, validUntil and the 412', async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    const get = doc.paths['/api/quotes/{id}'].get;
    expect(Object.keys(get.responses['200'].headers ?? {}).map((h) => h.toLowerCase())).toContain('etag');
    const post = doc.paths['/api/quotes/{id}/accept'].post;
    const header = post.parameters.find(
      (p: { in: string; name: string }) => p.in === 'header' && p.name.toLowerCase() === 'if-match',
    );
    expect(header).toBeDefined();
    expect(header.required).toBeFalsy();
    expect(post.responses['412']).toBeDefined();
    expect(post.description).toMatch(/If-Match/);
    expect(post.description).toMatch(/validUntil/);
    const body = post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(body)).toContain('validUntil');
  });
});
