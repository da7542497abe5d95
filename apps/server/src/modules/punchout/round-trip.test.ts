import { describe, expect } from 'vitest';
import { punchoutIdentity, punchoutTest as test, tokenOfRedirect } from '../../test-support/punchout.js';

/**
 * Punchout round trips with a procurement system on this machine (docs/api.md, "Punchout"): cXML
 * setup → StartPage → the buyer's session → "Transfer to procurement" → OrderRequest → an order;
 * and OCI's link → session → NEW_ITEM fields. The browser's part (following the StartPage,
 * posting the form) is done here as a browser does it; e2e/punchout.test.ts does it in Chromium.
 */

const ids = {} as Record<'tip' | 'fuse' | 'lead' | 'leads', string>;
test.beforeAll(async ({ admin, as, people }) => {
  // The tip's category has no UNSPSC code but its parent has; the fuse's has its own; the lead's
  // has none, nor has any above it. (Codes of this test only.)
  const category = async (body: object) => {
    const res = await as(admin).post('/api/categories', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  const soldering = await category({ name: 'Soldering', unspsc: '12345678' });
  const tips = await category({ name: 'Soldering tips', parentId: soldering });
  const fuses = await category({ name: 'Fuses', unspsc: '87654321' });
  ids.leads = await category({ name: 'Test leads' });
  const add = async (name: string, price: number, categoryId: string) => {
    const res = await as(admin).post('/api/parts', {
      name,
      categoryId,
      desc: `${name}, made for this test`,
      img: 'https://example.com/p.webp',
      min_order_quantity: 2,
      available_quantity: 1000,
      price_per_piece: price,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  ids.tip = await add('Soldering tip chisel 2.4 mm', 20, tips);
  ids.fuse = await add('Fuse 10 A 1000 V', 8, fuses);
  ids.lead = await add('Test lead set 1 m', 6, ids.leads);
  // The company agreed 15 for the tip, and keeps its own number for it.
  const prices = await as(admin).put(`/api/companies/${people.companyId}/prices`, {
    items: [{ partsId: ids.tip, unitPrice: 15 }],
  });
  expect(prices.statusCode, prices.body).toBe(200);
  const numbers = await as(people.companyAdmin).put('/api/customer-part-numbers', {
    items: [{ partsId: ids.tip, customerPartNumber: 'KA-TIP-24' }],
  });
  expect(numbers.statusCode, numbers.body).toBe(200);
});

const lines = () => [
  { partsId: ids.tip, quantity: 10, reference: 'Line 3 stations' },
  { partsId: ids.fuse, quantity: 4 },
  { partsId: ids.lead, quantity: 2 },
];

/** Posts the transfer's form to its action, as the browser does (application/x-www-form-urlencoded). */
async function postForm(form: { action: string; fields: { name: string; value: string }[] }) {
  const body = new URLSearchParams(form.fields.map((field): [string, string] => [field.name, field.value]));
  const res = await fetch(form.action, { method: 'POST', body });
  expect(res.status).toBe(200);
}

describe('cXML punchout', () => {
  test('setup, StartPage, session, transfer at the buyer’s prices, then the purchase order becomes an order', async ({
    as,
    shop,
    people,
    shopUrl,
    procurement,
  }) => {
    const creds = await punchoutIdentity(as, people);
    const startPage = await procurement.setup(shopUrl, creds, {
      userEmail: people.buyer.email,
      buyerCookie: 'cookie-4711',
    });
    expect(startPage).toMatch(/\/api\/punchout\/start\/[A-Za-z0-9_-]{43}$/);
    const path = new URL(startPage).pathname;
    const token = tokenOfRedirect(await shop.app.inject({ method: 'GET', url: path }));
    // The StartPage is one use.
    expect((await shop.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);

    const session = as({ accessToken: token });
    const about = await session.get('/api/punchout/session');
    expect(about.statusCode, about.body).toBe(200);
    expect(about.json()).toEqual({
      protocol: 'cxml',
      companyName: 'Karnaphuli Assemblies Ltd',
      buyerName: 'Line Technician',
      buyerEmail: people.buyer.email,
      expiresAt: expect.any(String),
    });
    // The catalog as the buyer sees it: their company's price and number.
    const tip = (await session.get(`/api/partsById?id=${ids.tip}`)).json();
    expect(tip.contractPrice).toEqual({ unitPrice: 15 });
    expect(tip.customerPartNumber).toBe('KA-TIP-24');
    // Nothing but the catalog and the session's calls.
    expect((await session.post('/api/orders', { lines: lines() })).statusCode).toBe(403);
    expect((await session.get(`/api/purchaseByEmail?email=${people.buyer.email}`)).statusCode).toBe(403);
    expect((await session.get(`/api/companies/${people.companyId}/punchout`)).statusCode).toBe(403);
    expect((await as(people.buyer).get('/api/punchout/session')).statusCode).toBe(403);

    const transfer = await session.post('/api/punchout/transfer', { lines: lines() });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const form = transfer.json();
    expect(form.action).toBe(`${procurement.url}/cxml-return`);
    expect(form.fields.map((field: { name: string }) => field.name)).toEqual(['cxml-urlencoded']);
    await postForm(form);
    const cart = await procurement.received();
    expect(cart.buyerCookie).toBe('cookie-4711');
    expect(cart.items).toEqual([
      expect.objectContaining({
        supplierPartId: ids.tip,
        quantity: 10,
        unitPrice: 15,
        buyerPartId: 'KA-TIP-24',
        classification: { domain: 'UNSPSC', code: '12345678' },
      }),
      expect.objectContaining({
        supplierPartId: ids.fuse,
        quantity: 4,
        unitPrice: 8,
        classification: { domain: 'UNSPSC', code: '87654321' },
      }),
      expect.objectContaining({
        supplierPartId: ids.lead,
        quantity: 2,
        unitPrice: 6,
        classification: { domain: 'ShopCategory', code: ids.leads },
      }),
    ]);
    // The session ended with its transfer.
    expect((await session.get('/api/punchout/session')).statusCode).toBe(401);
    expect((await session.post('/api/punchout/transfer', { lines: lines() })).statusCode).toBe(401);

    const payloadId = `po-4711-${Date.now()}@procurement.example`;
    const placed = await procurement.orderRequest(shopUrl, creds, cart.items, {
      orderId: 'PO-4711',
      payloadId,
    });
    expect(placed, JSON.stringify(placed)).toMatchObject({ status: 200, code: 200 });
    expect(placed.message).toMatch(/^Order SO-\d{6,} placed$/);
    const orders = (await as(people.buyer).get(`/api/purchaseByEmail?email=${people.buyer.email}`)).json();
    const order = orders.find((o: { poNumber?: string }) => o.poNumber === 'PO-4711');
    expect(order, JSON.stringify(orders)).toBeDefined();
    expect(order.price).toBe(10 * 15 + 4 * 8 + 2 * 6);
    expect(order.address).toContain('Chattogram');

    // The same purchase order again: the same order, not a second one.
    const again = await procurement.orderRequest(shopUrl, creds, cart.items, {
      orderId: 'PO-4711',
      payloadId,
    });
    expect(again.status).toBe(200);
    expect(again.message).toBe(placed.message.replace('placed', 'was placed before'));
    const after = (await as(people.buyer).get(`/api/purchaseByEmail?email=${people.buyer.email}`)).json();
    expect(after.filter((o: { poNumber?: string }) => o.poNumber === 'PO-4711')).toHaveLength(1);
  });

  test('fifty copies of one purchase order at once make one order', async ({
    as,
    people,
    shopUrl,
    procurement,
  }) => {
    const creds = await punchoutIdentity(as, people);
    const items = [{ supplierPartId: ids.fuse, quantity: 2, unitPrice: 8, description: 'Fuse' }];
    const payloadId = `race-${Date.now()}@procurement.example`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        procurement.orderRequest(shopUrl, creds, items, { orderId: 'PO-RACE', payloadId }),
      ),
    );
    expect(
      answers.map((a) => a.status).filter((s) => s !== 200),
      JSON.stringify(answers[0]),
    ).toEqual([]);
    expect(answers.filter((a) => a.message.endsWith(' placed'))).toHaveLength(1);
    const orders = (
      await as(people.companyAdmin).get(`/api/purchaseByEmail?email=${people.companyAdmin.email}`)
    ).json();
    expect(orders.filter((o: { poNumber?: string }) => o.poNumber === 'PO-RACE')).toHaveLength(1);
  });

  test('a purchase order below today’s price, or with wrong credentials, is refused in cXML', async ({
    as,
    people,
    shopUrl,
    procurement,
  }) => {
    const creds = await punchoutIdentity(as, people);
    const cheap = await procurement.orderRequest(
      shopUrl,
      creds,
      [{ supplierPartId: ids.fuse, quantity: 2, unitPrice: 5, description: 'Fuse' }],
      { orderId: 'PO-CHEAP' },
    );
    expect(cheap).toMatchObject({ status: 409, code: 409, text: 'Conflict' });
    expect(cheap.message).toContain('Fuse 10 A 1000 V costs 8.00 now, not 5.00');
    const wrong = { ...creds, secret: `${creds.secret.slice(0, -2)}xx` };
    const denied = await procurement.orderRequest(shopUrl, wrong, [], { orderId: 'PO-X' });
    expect(denied).toMatchObject({ status: 401, code: 401, text: 'Unauthorized' });
    await expect(procurement.setup(shopUrl, wrong)).rejects.toThrow(/setup refused: 401/);
    const stranger = { ...creds, identity: 'AN-nobody' };
    await expect(procurement.setup(shopUrl, stranger)).rejects.toThrow(/setup refused: 401/);
    const noPhone = await procurement.orderRequest(
      shopUrl,
      creds,
      [{ supplierPartId: ids.fuse, quantity: 2, unitPrice: 8, description: 'Fuse' }],
      { orderId: 'PO-NOPHONE', phone: false },
    );
    expect(noPhone).toMatchObject({ status: 400, code: 400 });
    expect(noPhone.message).toBe('The ShipTo address has no telephone number');
    const tooFew = await procurement.orderRequest(
      shopUrl,
      creds,
      [{ supplierPartId: ids.fuse, quantity: 1, unitPrice: 8, description: 'Fuse' }],
      { orderId: 'PO-FEW' },
    );
    expect(tooFew).toMatchObject({ status: 400, message: 'You have to place order in our given range' });
  });
});

describe('one of each, whoever races', () => {
  test('twenty transfers of one session at once: one answers the form, the others 401', async ({
    as,
    shop,
    people,
  }) => {
    const creds = await punchoutIdentity(as, people);
    const link = `/api/punchout/oci?USERNAME=${creds.ociUsername}&PASSWORD=${creds.secret}&HOOK_URL=${encodeURIComponent('https://erp.example/hook')}`;
    const session = as({ accessToken: tokenOfRedirect(await shop.app.inject({ method: 'GET', url: link })) });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => session.post('/api/punchout/transfer', { lines: lines() })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, ...Array(19).fill(401)]);
  });

  test('two companies claiming one credential at once: one has it, the other hears 409', async ({
    as,
    people,
  }) => {
    const body = (buyerEmail: string) => ({
      domain: 'NetworkID',
      identity: `AN-RACE-${Date.now()}`,
      ociUsername: `race-${Date.now()}`,
      buyerEmail,
    });
    const [mine, theirs] = [body(people.companyAdmin.email), body(people.rival.email)];
    theirs.identity = mine.identity;
    const answers = await Promise.all([
      as(people.companyAdmin).put(`/api/companies/${people.companyId}/punchout`, mine),
      as(people.rival).put(`/api/companies/${people.rivalCompanyId}/punchout`, theirs),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('OCI punchout', () => {
  test('the link opens a session; the transfer posts NEW_ITEM fields to HOOK_URL', async ({
    as,
    shop,
    people,
    procurement,
  }) => {
    const creds = await punchoutIdentity(as, people);
    const link = new URL(
      procurement.ociLink('http://shop.invalid', { username: creds.ociUsername, password: creds.secret }),
    );
    const token = tokenOfRedirect(
      await shop.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` }),
    );
    const session = as({ accessToken: token });
    expect((await session.get('/api/punchout/session')).json()).toMatchObject({
      protocol: 'oci',
      buyerEmail: people.companyAdmin.email,
    });
    const transfer = await session.post('/api/punchout/transfer', { lines: lines() });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const form = transfer.json();
    expect(form.action).toBe(`${procurement.url}/oci-hook`);
    await postForm(form);
    const cart = await procurement.received();
    expect(cart.kind).toBe('oci');
    expect(cart.fields['~OkCode']).toBe('ADDI');
    expect(cart.items).toEqual([
      expect.objectContaining({
        supplierPartId: ids.tip,
        quantity: 10,
        unitPrice: 15,
        buyerPartId: 'KA-TIP-24',
      }),
      expect.objectContaining({ supplierPartId: ids.fuse, quantity: 4, unitPrice: 8 }),
      expect.objectContaining({ supplierPartId: ids.lead, quantity: 2, unitPrice: 6 }),
    ]);
    // MATGROUP: the UNSPSC code of the category or its parent, else our category id.
    expect([1, 2, 3].map((n) => cart.fields[`NEW_ITEM-MATGROUP[${n}]`])).toEqual([
      '12345678',
      '87654321',
      ids.leads,
    ]);
    expect(cart.fields['NEW_ITEM-LONGTEXT_1:132[]']).toBe('Soldering tip chisel 2.4 mm (Line 3 stations)');

    const wrong = new URL(
      procurement.ociLink('http://shop.invalid', { username: creds.ociUsername, password: 'nope' }),
    );
    expect(
      (await shop.app.inject({ method: 'GET', url: `${wrong.pathname}${wrong.search}` })).statusCode,
    ).toBe(401);
  });
});
