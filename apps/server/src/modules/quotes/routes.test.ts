import { MAX_QUOTE_MESSAGE } from '@shop/contract/quotes';
import { describe, expect } from 'vitest';
import { signUp, signUpVerified, type TestAccount } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { insertPart, stockOf } from '../../test-support/parts.js';
import { askedQuote, inHours, offerQuote, offerRunOut } from '../../test-support/quotes.js';
import { expireQuotes } from './service.js';

// Two unpaid orders per buyer at most: an accepted quote's order is not refused by the cap.
// Mail is on (to a server that is not there): what is queued stays in the outbox to be read.
shopTest.override('shopOptions', {
  demo: false,
  env: {
    UNPAID_ORDERS_PER_BUYER: '2',
    SMTP_URL: 'smtp://127.0.0.1:9',
    MAIL_FROM: 'shop@example.com',
    // The buyer here asks more quotes than a window allows (relay.test.ts holds that limit).
    RATE_LIMIT_QUOTE_REQUESTS_PER_ACCOUNT: '1000',
  },
});

type Who = TestAccount | null;
const delivery = { mobile: '+880 1712 345678', address: 'Dhaka' };

/** Verified buyers, two parts, and helpers on them. */
const test = shopTest
  .override('buyer', ({ shop }) => signUpVerified(shop.app, shop.database.db))
  .extend('other', { scope: 'file' }, ({ shop }) => signUpVerified(shop.app, shop.database.db))
  .extend('bolt', { scope: 'file' }, ({ shop }) =>
    insertPart(shop.database.db, {
      name: 'M8 bolt',
      price_per_piece: 5,
      available_quantity: 10_000,
      min_order_quantity: 100,
    }),
  )
  .extend('nut', { scope: 'file' }, ({ shop }) =>
    insertPart(shop.database.db, {
      name: 'M8 nut',
      price_per_piece: 2,
      available_quantity: 10_000,
      min_order_quantity: 10,
    }),
  )
  .extend(
    'ask',
    { scope: 'file' },
    ({ as }) =>
      (who: Who, body: object) =>
        as(who).post('/api/quotes', body),
  )
  .extend(
    'requested',
    { scope: 'file' },
    ({ as, bolt }) =>
      (who: TestAccount, lines = [{ partsId: bolt, quantity: 5 }]) =>
        askedQuote(as(who), lines),
  )
  .extend(
    'offer',
    { scope: 'file' },
    ({ as, admin }) =>
      (id: string, body: object, who: Who = admin) =>
        as(who).put(`/api/quotes/${id}`, body),
  )
  .extend(
    'offered',
    { scope: 'file' },
    ({ as, admin }) =>
      async (id: string, lines: { partsId: string; unitPrice: number }[], validUntil = inHours(24)) => {
        const res = await offerQuote(as(admin), id, lines, validUntil);
        expect(res.statusCode, res.body).toBe(200);
      },
  )
  /** A quote of the buyer's for 5 bolts, offered at $4 a bolt. */
  .extend('boltsOffered', { scope: 'file' }, ({ requested, offered, bolt }) => async (who: TestAccount) => {
    const id = await requested(who);
    await offered(id, [{ partsId: bolt, unitPrice: 4 }]);
    return id;
  })
  .extend(
    'accept',
    { scope: 'file' },
    ({ as }) =>
      (who: Who, id: string, body: object = delivery) =>
        as(who).post(`/api/quotes/${id}/accept`, body),
  )
  .extend(
    'read',
    { scope: 'file' },
    ({ as }) =>
      (who: Who, id: string) =>
        as(who).get(`/api/quotes/${id}`),
  )
  .extend(
    'auditOf',
    { scope: 'file' },
    ({ shop }) =>
      (id: string) =>
        shop.database.db
          .selectFrom('audit_log')
          .select('action')
          .where('subject_id', '=', id)
          .orderBy('at')
          .execute()
          .then((rows) => rows.map((row) => row.action)),
  );

describe('POST /api/quotes', () => {
  test("takes quantities outside the parts' ranges and reads back as requested, the message first in the thread", async ({
    requested,
    bolt,
    buyer,
    nut,
    read,
    auditOf,
  }) => {
    const id = await requested(buyer, [
      { partsId: bolt, quantity: 5 },
      { partsId: nut, quantity: 50_000 },
    ]);
    const res = await read(buyer, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: id,
      email: buyer.email,
      userName: expect.any(String),
      status: 'requested',
      lines: [
        { partsId: bolt, partsName: 'M8 bolt', quantity: 5 },
        { partsId: nut, partsName: 'M8 nut', quantity: 50_000 },
      ],
      messages: [{ from: 'buyer', message: 'A price for these, please', createdAt: expect.any(String) }],
      messageCount: 1,
      createdAt: expect.any(String),
    });
    expect(await auditOf(id)).toEqual(['quote.requested']);
  });

  test('refuses unknown and deleted parts with 404 naming each line', async ({ bolt, shop, buyer, ask }) => {
    const gone = await insertPart(shop.database.db, { name: 'Gone', deleted_at: new Date().toISOString() });
    const unknown = crypto.randomUUID();
    const res = await ask(buyer, {
      lines: [
        { partsId: bolt, quantity: 1 },
        { partsId: unknown, quantity: 1 },
        { partsId: gone, quantity: 1 },
      ],
      message: 'hi',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'No such part',
        details: [
          { line: 1, partsId: unknown },
          { line: 2, partsId: gone },
        ],
      },
    });
  });

  test.for([
    ['no lines', { lines: [], message: 'hi' }, 'lines'],
    [
      'a quantity of 0',
      { lines: [{ partsId: crypto.randomUUID(), quantity: 0 }], message: 'hi' },
      'quantity',
    ],
    [
      'a fractional quantity',
      { lines: [{ partsId: crypto.randomUUID(), quantity: 1.5 }], message: 'hi' },
      'quantity',
    ],
    ['no message', { lines: [{ partsId: crypto.randomUUID(), quantity: 1 }] }, 'message'],
    ['an empty message', { lines: [{ partsId: crypto.randomUUID(), quantity: 1 }], message: ' ' }, 'message'],
    [
      'a message over 2,000 characters',
      { lines: [{ partsId: crypto.randomUUID(), quantity: 1 }], message: 'x'.repeat(MAX_QUOTE_MESSAGE + 1) },
      'message',
    ],
  ] as const)('refuses %s with 400', async ([_, body, field], { buyer, ask }) => {
    const res = await ask(buyer, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message).toContain(field);
  });

  test('is for buyers: a visitor gets 401, an admin 403', async ({ bolt, admin, ask }) => {
    const body = { lines: [{ partsId: bolt, quantity: 1 }], message: 'hi' };
    expect((await ask(null, body)).statusCode).toBe(401);
    expect((await ask(admin, body)).statusCode).toBe(403);
  });
});

describe('GET /api/quotes and GET /api/quotes/{id}', () => {
  test("lists a buyer's own, an admin all, newest first, with a status filter and x-total-count", async ({
    shop,
    as,
    admin,
    other,
    requested,
    boltsOffered,
  }) => {
    const lister = await signUp(shop.app);
    const first = await requested(lister);
    const second = await boltsOffered(lister);
    const own = await as(lister).get('/api/quotes');
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-total-count']).toBe('2');
    expect(own.json().map((q: { _id: string }) => q._id)).toEqual([second, first]);
    const page = await as(lister).get('/api/quotes?status=offered&limit=1&offset=0');
    expect(page.json().map((q: { _id: string }) => q._id)).toEqual([second]);
    expect(page.headers['x-total-count']).toBe('1');
    const all = await as(admin).get('/api/quotes?limit=100');
    const ids = all.json().map((q: { _id: string }) => q._id);
    expect(ids).toContain(first);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(ids.length);
    expect((await as(other).get('/api/quotes')).json().map((q: { _id: string }) => q._id)).not.toContain(
      first,
    );
    expect((await as(lister).get('/api/quotes?status=bogus')).statusCode).toBe(400);
  });

  test('shows a quote to its buyer and admins; another buyer gets 403, a missing one 404', async ({
    requested,
    admin,
    buyer,
    other,
    read,
  }) => {
    const id = await requested(buyer);
    expect((await read(admin, id)).statusCode).toBe(200);
    expect((await read(other, id)).statusCode).toBe(403);
    expect((await read(buyer, crypto.randomUUID())).statusCode).toBe(404);
    expect((await read(null, id)).statusCode).toBe(401);
  });
});

describe('POST /api/quotes/{id}/messages', () => {
  test('adds to the thread as buyer or shop, by role; others get 403; over 2,000 characters 400', async ({
    requested,
    as,
    admin,
    buyer,
    other,
    read,
  }) => {
    const id = await requested(buyer);
    const post = (who: Who, message: unknown) => as(who).post(`/api/quotes/${id}/messages`, { message });
    const mine = await post(buyer, 'Any news?');
    expect(mine.statusCode).toBe(201);
    expect(mine.json().insertedId).toEqual(expect.any(String));
    expect((await post(admin, 'Tomorrow.')).statusCode).toBe(201);
    expect((await post(other, 'Me too')).statusCode).toBe(403);
    expect((await post(buyer, 'x'.repeat(MAX_QUOTE_MESSAGE + 1))).statusCode).toBe(400);
    expect((await post(buyer, '')).statusCode).toBe(400);
    expect(
      (await as(buyer).post(`/api/quotes/${crypto.randomUUID()}/messages`, { message: 'x' })).statusCode,
    ).toBe(404);
    const thread = (await read(buyer, id)).json().messages;
    expect(thread.map((m: { from: string; message: string }) => [m.from, m.message])).toEqual([
      ['buyer', 'A price for these, please'],
      ['buyer', 'Any news?'],
      ['shop', 'Tomorrow.'],
    ]);
  });
});

describe('PUT /api/quotes/{id}', () => {
  test('makes the offer: unit prices on the lines, validUntil, status offered; a new offer replaces it and the buyer is mailed each', async ({
    requested,
    offered,
    bolt,
    shop,
    buyer,
    nut,
    read,
    auditOf,
  }) => {
    const id = await requested(buyer, [
      { partsId: bolt, quantity: 5 },
      { partsId: nut, quantity: 7 },
    ]);
    const until = inHours(48);
    await offered(
      id,
      [
        { partsId: nut, unitPrice: 1 },
        { partsId: bolt, unitPrice: 3 },
      ],
      until,
    );
    let quote = (await read(buyer, id)).json();
    expect(quote.status).toBe('offered');
    expect(quote.validUntil).toBe(until);
    expect(quote.lines.map((l: { unitPrice: number }) => l.unitPrice)).toEqual([3, 1]);
    await offered(id, [
      { partsId: nut, unitPrice: 2 },
      { partsId: bolt, unitPrice: 4 },
    ]);
    quote = (await read(buyer, id)).json();
    expect(quote.lines.map((l: { unitPrice: number }) => l.unitPrice)).toEqual([4, 2]);
    expect(await auditOf(id)).toEqual(['quote.requested', 'quote.offered', 'quote.offered']);
    const mails = await shop.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient', 'subject_id'])
      .where('subject_id', 'like', `${id}:%`)
      .orderBy('subject_id')
      .execute();
    expect(mails).toEqual([
      { kind: 'quote_offered', recipient: buyer.email, subject_id: `${id}:1` },
      { kind: 'quote_offered', recipient: buyer.email, subject_id: `${id}:2` },
    ]);
  });

  test.for([
    ['a missing part', (b: string, _n: string) => [{ partsId: b, unitPrice: 3 }], 'nut'],
    [
      'an extra part',
      (b: string, n: string) => [
        { partsId: b, unitPrice: 3 },
        { partsId: n, unitPrice: 3 },
        { partsId: crypto.randomUUID(), unitPrice: 3 },
      ],
      'not in this quote',
    ],
    [
      'a part twice',
      (b: string, n: string) => [
        { partsId: b, unitPrice: 3 },
        { partsId: n, unitPrice: 3 },
        { partsId: b, unitPrice: 2 },
      ],
      'twice',
    ],
    [
      'a negative price',
      (b: string, n: string) => [
        { partsId: b, unitPrice: -1 },
        { partsId: n, unitPrice: 1 },
      ],
      'unitPrice',
    ],
    [
      'a price of 0',
      (b: string, n: string) => [
        { partsId: b, unitPrice: 0 },
        { partsId: n, unitPrice: 1 },
      ],
      'unitPrice',
    ],
    [
      'a fractional price',
      (b: string, n: string) => [
        { partsId: b, unitPrice: 2.5 },
        { partsId: n, unitPrice: 1 },
      ],
      'unitPrice',
    ],
  ] as const)(
    'refuses %s with 400',
    async ([_, lines, words], { requested, bolt, buyer, nut, offer, read }) => {
      const id = await requested(buyer, [
        { partsId: bolt, quantity: 5 },
        { partsId: nut, quantity: 7 },
      ]);
      const res = await offer(id, { lines: lines(bolt, nut), validUntil: inHours(24) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(words);
      expect((await read(buyer, id)).json().status).toBe('requested');
    },
  );

  test('refuses a validity in the past or not a date with 400, a buyer with 403, a missing quote with 404', async ({
    requested,
    bolt,
    buyer,
    offer,
  }) => {
    const id = await requested(buyer);
    const lines = [{ partsId: bolt, unitPrice: 3 }];
    expect(
      (await offer(id, { lines, validUntil: new Date(Date.now() - 1000).toISOString() })).statusCode,
    ).toBe(400);
    expect((await offer(id, { lines, validUntil: 'tomorrow' })).statusCode).toBe(400);
    expect((await offer(id, { lines, validUntil: inHours(24) }, buyer)).statusCode).toBe(403);
    expect((await offer(crypto.randomUUID(), { lines, validUntil: inHours(24) })).statusCode).toBe(404);
  });

  test('refuses an offer on an accepted, declined or expired quote with 409', async ({
    requested,
    offered,
    bolt,
    shop,
    as,
    buyer,
    offer,
    accept,
  }) => {
    const lines = [{ partsId: bolt, unitPrice: 3 }];
    const taken = await requested(buyer);
    await offered(taken, lines);
    expect((await accept(buyer, taken)).statusCode).toBe(201);
    const declined = await requested(buyer);
    expect((await as(buyer).post(`/api/quotes/${declined}/decline`)).statusCode).toBe(200);
    const expired = await requested(buyer);
    await offered(expired, lines);
    await offerRunOut(shop.database.db, expired);
    for (const id of [taken, declined, expired]) {
      const res = await offer(id, { lines, validUntil: inHours(24) });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('conflict');
    }
  });
});

describe('POST /api/quotes/{id}/accept', () => {
  test("takes no body (docs/api.md): the order goes to the buyer's profile mobile and first saved address", async ({
    requested,
    offered,
    shop,
    as,
    nut,
  }) => {
    const who = await signUp(shop.app);
    await as(who).put(`/api/usersByEmail?email=${encodeURIComponent(who.email)}`, {
      mobile: '+880 1811 000111',
    });
    await as(who).post('/api/addresses', { label: 'Works', address: 'Plot 7, Gazipur' });
    const id = await requested(who, [{ partsId: nut, quantity: 12 }]);
    await offered(id, [{ partsId: nut, unitPrice: 2 }]);
    const res = await as(who).post(`/api/quotes/${id}/accept`);
    expect(res.statusCode, res.body).toBe(201);
    const order = (await as(who).get(`/api/purchaseById/${res.json().orderId}`)).json();
    expect(order).toMatchObject({ mobile: '+880 1811 000111', address: 'Plot 7, Gazipur', price: 24 });
  });

  test("places an ordinary order at the offer's prices for the quote's quantities, takes the pieces, and is not refused by the unpaid cap", async ({
    requested,
    offered,
    bolt,
    shop,
    as,
    nut,
    accept,
    read,
    auditOf,
  }) => {
    const buyerWithOrders = await signUpVerified(shop.app, shop.database.db);
    // Two unpaid orders: the cap is reached.
    for (let i = 0; i < 2; i++) {
      const placed = await as(buyerWithOrders).post('/api/purchase', {
        partsId: nut,
        quantity: 10,
        ...delivery,
      });
      expect(placed.statusCode).toBe(201);
    }
    // 5 bolts: below the part's minimum of 100, fine for a quote.
    const id = await requested(buyerWithOrders, [
      { partsId: bolt, quantity: 5 },
      { partsId: nut, quantity: 30 },
    ]);
    await offered(id, [
      { partsId: bolt, unitPrice: 4 },
      { partsId: nut, unitPrice: 1 },
    ]);
    const [bolts, nuts] = [await stockOf(shop.database.db, bolt), await stockOf(shop.database.db, nut)];
    const res = await accept(buyerWithOrders, id, { ...delivery, poNumber: 'PO-7' });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId } = res.json();
    const order = (await as(buyerWithOrders).get(`/api/purchaseById/${orderId}`)).json();
    expect(order).toMatchObject({
      _id: orderId,
      price: 5 * 4 + 30 * 1,
      poNumber: 'PO-7',
      address: 'Dhaka',
      lines: [
        { partsId: bolt, partsName: 'M8 bolt', quantity: 5, unitPrice: 4, price: 20 },
        { partsId: nut, partsName: 'M8 nut', quantity: 30, unitPrice: 1, price: 30 },
      ],
    });
    expect([await stockOf(shop.database.db, bolt), await stockOf(shop.database.db, nut)]).toEqual([
      bolts - 5,
      nuts - 30,
    ]);
    const quote = (await read(buyerWithOrders, id)).json();
    expect(quote).toMatchObject({ status: 'accepted', orderId });
    expect(await auditOf(id)).toEqual(['quote.requested', 'quote.offered', 'quote.accepted']);
    const mail = await shop.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient'])
      .where('subject_id', '=', orderId)
      .execute();
    expect(mail).toEqual([{ kind: 'order_placed', recipient: buyerWithOrders.email }]);
    // Once.
    const again = await accept(buyerWithOrders, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('conflict');
  });

  test('refuses short stock with 422 and a clear message; the quote stays offered and nothing is taken', async ({
    requested,
    offered,
    bolt,
    shop,
    buyer,
    accept,
    read,
  }) => {
    const scarce = await insertPart(shop.database.db, { name: 'Scarce relay', available_quantity: 3 });
    const id = await requested(buyer, [
      { partsId: bolt, quantity: 5 },
      { partsId: scarce, quantity: 4 },
    ]);
    await offered(id, [
      { partsId: bolt, unitPrice: 4 },
      { partsId: scarce, unitPrice: 9 },
    ]);
    const bolts = await stockOf(shop.database.db, bolt);
    const res = await accept(buyer, id);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'quantity_out_of_range',
      message: expect.stringContaining('Not enough pieces in stock for this quote: Scarce relay (4 pcs)'),
      details: [{ line: 1, partsId: scarce }],
    });
    expect((await read(buyer, id)).json().status).toBe('offered');
    expect([await stockOf(shop.database.db, bolt), await stockOf(shop.database.db, scarce)]).toEqual([
      bolts,
      3,
    ]);
  });

  test('refuses an expired offer with 409 saying so, and marks the quote expired', async ({
    boltsOffered,
    shop,
    as,
    buyer,
    accept,
    read,
    auditOf,
  }) => {
    const id = await boltsOffered(buyer);
    await offerRunOut(shop.database.db, id);
    expect((await read(buyer, id)).json().status).toBe('expired');
    const listed = async (status: string) =>
      (await as(buyer).get(`/api/quotes?status=${status}&limit=100`))
        .json()
        .map((q: { _id: string }) => q._id);
    expect(await listed('expired')).toContain(id);
    expect(await listed('offered')).not.toContain(id);
    const res = await accept(buyer, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'conflict', message: expect.stringContaining('expired') });
    const row = await shop.database.db
      .selectFrom('quotes')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.status).toBe('expired');
    expect(await auditOf(id)).toEqual(['quote.requested', 'quote.offered', 'quote.expired']);
  });

  test("refuses a requested quote (no offer yet), someone else's (403), an admin (403), bad delivery (400)", async ({
    requested,
    offered,
    bolt,
    admin,
    buyer,
    other,
    accept,
    read,
  }) => {
    const id = await requested(buyer);
    expect((await accept(buyer, id)).statusCode).toBe(409);
    await offered(id, [{ partsId: bolt, unitPrice: 4 }]);
    expect((await accept(other, id)).statusCode).toBe(403);
    expect((await accept(admin, id)).statusCode).toBe(403);
    expect((await accept(null, id)).statusCode).toBe(401);
    expect((await accept(buyer, id, { address: '' })).statusCode).toBe(400);
    expect((await accept(buyer, id, { ...delivery, mobile: 'call me' })).statusCode).toBe(400);
    expect((await accept(buyer, crypto.randomUUID())).statusCode).toBe(404);
    expect((await read(buyer, id)).json().status).toBe('offered');
  });
});

describe('POST /api/quotes/{id}/decline', () => {
  test('declines a requested or offered quote once; others get 403', async ({
    boltsOffered,
    as,
    admin,
    buyer,
    other,
    accept,
    read,
    auditOf,
  }) => {
    const id = await boltsOffered(buyer);
    const decline = (who: Who) => as(who).post(`/api/quotes/${id}/decline`);
    expect((await decline(other)).statusCode).toBe(403);
    expect((await decline(admin)).statusCode).toBe(403);
    expect((await decline(buyer)).statusCode).toBe(200);
    expect((await read(buyer, id)).json().status).toBe('declined');
    expect((await decline(buyer)).statusCode).toBe(409);
    expect((await accept(buyer, id)).statusCode).toBe(409);
    expect(await auditOf(id)).toEqual(['quote.requested', 'quote.offered', 'quote.declined']);
  });
});

describe('expiry in the background', () => {
  test('marks offered quotes past their validity expired, once', async ({ boltsOffered, shop, buyer }) => {
    const id = await boltsOffered(buyer);
    const open = await boltsOffered(buyer);
    await offerRunOut(shop.database.db, id);
    expect(await expireQuotes(shop.database.db, shop.app.log)).toBeGreaterThanOrEqual(1);
    expect(await expireQuotes(shop.database.db, shop.app.log)).toBe(0);
    const status = async (q: string) =>
      (await shop.database.db.selectFrom('quotes').select('status').where('id', '=', q).executeTakeFirst())
        ?.status;
    expect(await status(id)).toBe('expired');
    expect(await status(open)).toBe('offered');
    const outcomes = await shop.app.backgroundWork.runAll();
    expect(outcomes.expireQuotes).toBe('done');
  });
});

describe('the API documentation', () => {
  test('describes every quote call', async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    expect(Object.keys(doc.paths['/api/quotes'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/quotes/{id}'])).toEqual(expect.arrayContaining(['get', 'put']));
    for (const path of ['accept', 'decline'])
      expect(Object.keys(doc.paths[`/api/quotes/{id}/${path}`])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/quotes/{id}/messages'])).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(doc.paths['/api/quotes/{id}/accept'].post.requestBody).toBeDefined();
  });
});
