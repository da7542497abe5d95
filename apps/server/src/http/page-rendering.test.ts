import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webDistDir } from '../paths.js';
import { bearer, signUp, signUpAdmin } from '../test-support/accounts.js';
import { companyWithMembers } from '../test-support/companies.js';
import { createTestShop, type TestShop } from '../test-support/test-app.js';
import { fillTemplate } from './page-rendering.js';

/** The rendered page's data for the app, as the app reads it. */
function pageState(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const json = /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html)?.[1];
  if (json === undefined) throw new Error('the page carries no data for the app');
  return JSON.parse(json);
}

const executableScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*type="application\/json")([^>]*)>([^<]*)/g)].filter(
    ([, attributes, body]) => !/\ssrc=/.test(attributes ?? '') || (body ?? '').trim() !== '',
  );

// `npm test` builds the web app (client and server builds) first.
const built = fs.existsSync(path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js'));

describe.runIf(built)('public pages rendered on the server', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ webDist: webDistDir });
  });
  afterAll(async () => {
    await shop.close();
  });

  const get = (url: string) => shop.app.inject({ method: 'GET', url });

  it('sends the home page with the first parts and reviews in its HTML, and their data for the app', async () => {
    const parts = (await get('/api/parts?limit=6')).json() as { _id: string; name: string; img: string }[];
    expect(parts).toHaveLength(6);
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const part of parts) expect(page.body).toContain(`>${part.name}</a></h3>`);
    expect(page.body).toContain('Customer reviews');
    // The first row's pictures are asked for from the head, first.
    expect(page.body).toMatch(
      new RegExp(`<link rel="preload" as="image" href="${parts[0]?.img}"[^>]*>[\\s\\S]*</head>`),
    );
    const state = pageState(page.body);
    const partsQuery = state.queries.find((query) => query.queryKey[0] === 'parts');
    expect(partsQuery?.queryKey).toEqual(['parts', { limit: 6 }]);
    expect((partsQuery?.state.data as { parts: unknown[] } | undefined)?.parts).toEqual(parts);
    expect(state.queries.map((query) => query.queryKey[0]).sort()).toEqual(['parts', 'reviews']);
    // No preload of the list the page already carries.
    expect(page.headers.link).toBeUndefined();
  });

  it('gives each page its own title, once, in the head', async () => {
    for (const [url, title] of [
      ['/parts', 'Tools — Electronics Tools Manufacturers'],
      ['/catalog', 'Catalog — Electronics Tools Manufacturers'],
      ['/login', 'Login — Electronics Tools Manufacturers'],
      ['/', 'Electronics Tools Manufacturers'],
    ] as const) {
      const page = await get(url);
      expect(page.body.match(/<title>[^<]*<\/title>/g), url).toEqual([`<title>${title}</title>`]);
      expect(page.body.indexOf('<title>')).toBeLessThan(page.body.indexOf('</head>'));
    }
  });

  it('has no script of its own for the browser to run: the content security policy refuses inline scripts', async () => {
    for (const url of ['/', '/home', '/parts', '/blog', '/portfolio', '/login', '/signup']) {
      const page = await get(url);
      expect(page.body, url).toContain('id="page-state"');
      expect(executableScripts(page.body), url).toEqual([]);
    }
  });

  it("sends the pages a mailed link opens as they show while the app reads the link's token, and Forgot password whole", async () => {
    for (const [url, heading] of [
      ['/verify-email', 'Verify email'],
      ['/reset-password', 'Reset password'],
      ['/invitations', 'Company invitation'],
    ] as const) {
      const page = await get(url);
      expect(page.body, url).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      // The token is in the address's fragment, which the server never sees: the page waits for it.
      expect(page.body, url).toContain('<progress');
      expect(page.body, url).toContain('id="page-state"');
      expect(executableScripts(page.body), url).toEqual([]);
    }
    const forgot = await get('/forgot-password');
    expect(forgot.body).toMatch(/<button[^>]*type="submit"[^>]*>Send reset link<\/button>/);
  });

  it("sends a dashboard page as the dashboard's frame with the page's heading, for the app to render over", async () => {
    for (const [url, heading] of [
      ['/dashboard', 'My Profile'],
      ['/dashboard/overview', 'Overview'],
      ['/dashboard/payment/64b7f0c2a1b2c3d4e5f60718', 'Payment'],
      ['/dashboard/edit-product/64b7f0c2a1b2c3d4e5f60718', 'Edit Product'],
    ] as const) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toMatch(new RegExp(`<main id="main"[^>]*>.*<h1[^>]*>${heading}</h1>`, 's'));
      expect(page.body.match(/<title>[^<]*<\/title>/g), url).toEqual([
        `<title>${heading} — Electronics Tools Manufacturers</title>`,
      ]);
      // Not knowing who asks: neither a visitor's links nor a signed-in user's.
      expect(page.body, url).not.toMatch(/href="\/(login|signup|dashboard)"/);
      // Waiting for the user's role: no link of the dashboard's, no page yet.
      expect(page.body, url).toContain('aria-label="Checking your role"');
      expect(page.body, url).not.toContain('href="/dashboard/');
      // No data: the page is the signed-in user's, which the server does not know here.
      expect(page.body, url).not.toContain('id="page-state"');
      expect(executableScripts(page.body), url).toEqual([]);
      // The app renders over the frame at once: its modules are preloaded.
      expect(page.body, url).toMatch(
        /<link rel="modulepreload" crossorigin href="\/assets\/start-[^"]+\.js">/,
      );
      expect(page.body, url).not.toContain('name="app-modules"');
    }
  });

  it('leaves the other pages to the app', async () => {
    for (const url of ['/purchase/64b7f0c2a1b2c3d4e5f60718', '/dashboard/no-such-page', '/no-such-page']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8'));
    }
  });

  it("sends /catalog with its first page of parts, and each part's page with the part", async () => {
    const res = await get('/api/parts?limit=24');
    const parts = res.json() as { _id: string; name: string; desc: string }[];
    const total = Number(res.headers['x-total-count']);
    const catalog = await get('/catalog');
    expect(catalog.body).toContain('<title>Catalog — Electronics Tools Manufacturers</title>');
    for (const part of parts) expect(catalog.body).toContain(`href="/parts/${part._id}"`);
    expect(catalog.body).toContain(`${total} parts in the catalog`);
    const catalogState = pageState(catalog.body);
    expect(catalogState.queries.map((query) => query.queryKey)).toEqual([['parts', { limit: 24 }]]);
    expect(catalogState.queries[0]?.state.data).toEqual({ parts, total });
    // The storefront links to it with the number of parts.
    expect((await get('/parts')).body).toContain(`See all <!-- -->${total}<!-- --> parts`);

    const [part] = parts;
    const product = await get(`/parts/${part?._id}`);
    expect(product.body).toContain(`<h1 class="text-3xl font-bold text-primary">${part?.name}</h1>`);
    expect(product.body).toContain(`<title>${part?.name} — Electronics Tools Manufacturers</title>`);
    expect(product.body).toContain('Price by quantity');
    const productState = pageState(product.body);
    expect(productState.queries.map((query) => query.queryKey)).toEqual([['parts', 'one', part?._id]]);
    expect(productState.queries[0]?.state.data).toEqual((await get(`/api/partsById?id=${part?._id}`)).json());
  });

  it('leaves to the app a catalog asked for with a search, a sort or a page, and a part not in the catalog', async () => {
    const index = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
    for (const url of [
      '/catalog?q=probe',
      '/catalog?sort=name&page=2',
      '/parts/0190aaaa-0000-7000-8000-000000000000',
      '/parts/not-an-id',
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(index);
    }
  });

  /** An admin's edit of the catalog's first part. */
  async function editFirstPart(changes: { name: string; available_quantity: number }) {
    const admin = await signUpAdmin(shop.app, shop.database.db);
    const [first] = (await get('/api/parts?limit=6')).json() as (Record<string, unknown> & { _id: string })[];
    const { _id, ...part } = first ?? { _id: '' };
    const put = await shop.app.inject({
      method: 'PUT',
      url: `/api/partsById?id=${_id}`,
      headers: bearer(admin),
      payload: { ...part, ...changes },
    });
    expect(put.statusCode).toBe(200);
  }

  it('shows a change of the catalog on the next request', async () => {
    const before = await get('/parts');
    await editFirstPart({ name: 'Hot air rework station', available_quantity: 4321 });
    await expect.poll(async () => (await get('/parts')).body).toContain('>Hot air rework station</a></h2>');
    const after = await get('/parts');
    expect(after.body).toContain('4,321 pcs');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('writes what a part holds as text, in the HTML and in the data', async () => {
    const name = '</script><script>alert(1)</script><!--';
    await editFirstPart({ name, available_quantity: 100 });
    await expect
      .poll(async () => (await get('/parts')).body)
      .toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    const page = await get('/parts');
    expect(executableScripts(page.body)).toEqual([]);
    const names = pageState(page.body).queries.flatMap(
      (query) => (query.state.data as { parts?: { name: string }[] }).parts?.map((part) => part.name) ?? [],
    );
    expect(names).toContain(name);
  });
});

describe.runIf(built)('pages rendered for the signed-in user who asks', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ webDist: webDistDir });
  });
  afterAll(async () => {
    await shop.close();
  });

  const page = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const cookieOf = (account: { accessToken: string }) => `theme=dark; page_session=${account.accessToken}`;
  /** The demo catalog's first `limit` parts, as GET /api/parts answers them. */
  const catalogParts = async (limit: number) =>
    (await page(`/api/parts?limit=${limit}`)).json() as {
      _id: string;
      name: string;
      min_order_quantity: number;
    }[];
  const renderedFor = (html: string) => /<meta name="rendered-for" content="([^"]*)">/.exec(html)?.[1];
  const isFrame = (html: string) =>
    html.includes('aria-label="Checking your role"') && !html.includes('id="page-state"');

  it("sends a buyer's My Profile with their own profile in it, kept by no cache", async () => {
    const buyer = await signUp(shop.app, { name: 'Nadia Rahman' });
    const res = await page('/dashboard', cookieOf(buyer));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(renderedFor(res.body)).toBe(buyer.uid);
    expect(res.body).toContain(`value="${buyer.name}"`);
    expect(res.body).toContain(`value="${buyer.email}"`);
    expect(res.body).toMatch(/<h1[^>]*>My Profile<\/h1>/);
    // The buyer's links, theirs alone, and no waiting for the role.
    expect(res.body).toContain('href="/dashboard/my-order"');
    expect(res.body).not.toContain('href="/dashboard/overview"');
    expect(res.body).not.toContain('<progress');
    expect(executableScripts(res.body)).toEqual([]);
    const keys = pageState(res.body).queries.map((query) => query.queryKey);
    // Their delivery addresses too (none yet), so that no progress bar waits for them.
    expect(keys).toEqual(expect.arrayContaining([['profile', buyer.email], ['addresses']]));
    expect(res.body).toContain('No saved addresses yet.');
    const profile = pageState(res.body).queries.find((query) => query.queryKey[0] === 'profile');
    expect(profile?.state.data).toMatchObject({ name: buyer.name, email: buyer.email });
  });

  it("sends an admin's Overview with the shop's figures, and Add Product", async () => {
    const admin = await signUpAdmin(shop.app, shop.database.db);
    const overview = await page('/dashboard/overview', cookieOf(admin));
    expect(renderedFor(overview.body)).toBe(admin.uid);
    expect(overview.body).toMatch(/<h1[^>]*>Overview<\/h1>/);
    expect(overview.body).toContain('href="/dashboard/manage-all-order"');
    expect(pageState(overview.body).queries.map((query) => query.queryKey[0])).toContain('overview');
    const addProduct = await page('/dashboard/add-product', cookieOf(admin));
    expect(renderedFor(addProduct.body)).toBe(admin.uid);
    expect(addProduct.body).toMatch(/<h1[^>]*>Add Product<\/h1>/);
    // A part's edit form, filled in with the part.
    const [part] = await catalogParts(1);
    const edit = await page(`/dashboard/edit-product/${part?._id}`, cookieOf(admin));
    expect(renderedFor(edit.body)).toBe(admin.uid);
    expect(edit.body).toContain(`value="${part?.name}"`);
  });

  it("sends each list page's first page rendered: a buyer's orders, an admin's orders, users, parts, activity and messages", async () => {
    const buyer = await signUp(shop.app, { name: 'Listed Buyer' });
    const admin = await signUpAdmin(shop.app, shop.database.db);
    for (const [account, url, shows] of [
      [buyer, '/dashboard/my-order', 'My Order'],
      [admin, '/dashboard/manage-all-order', 'Manage All Order'],
      [admin, '/dashboard/make-admin', buyer.email],
      [admin, '/dashboard/manage-product', 'Manage Product'],
      [admin, '/dashboard/activity', 'Activity'],
      [admin, '/dashboard/messages', 'Messages'],
    ] as const) {
      const res = await page(url, cookieOf(account));
      expect(renderedFor(res.body), url).toBe(account.uid);
      expect(res.body, url).toContain(shows);
      expect(res.body, url).not.toContain('<progress');
    }
    // The parts an admin manages are the catalog's first ten.
    const parts = await catalogParts(10);
    expect(parts).toHaveLength(10);
    const manage = await page('/dashboard/manage-product', cookieOf(admin));
    for (const part of parts) expect(manage.body).toContain(part.name);
  });

  it("sends a buyer's My Order rendered with an unpaid order of several lines and its Pay link", async () => {
    const buyer = await signUp(shop.app, { name: 'Paying Buyer' });
    const parts = await catalogParts(2);
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer),
      payload: {
        lines: parts.map((part) => ({ partsId: part._id, quantity: part.min_order_quantity })),
        mobile: '+880 1712 345678',
        address: 'Plot 7, Savar EPZ',
      },
    });
    expect(placed.statusCode).toBe(201);
    const res = await page('/dashboard/my-order', cookieOf(buyer));
    // Pay asks for the payments' settings: they come with the page, which is whole for its buyer.
    expect(renderedFor(res.body)).toBe(buyer.uid);
    expect(res.body).toContain(parts[0]?.name);
    expect(res.body).toContain('+ 1 more part');
    expect(res.body).toMatch(/<a[^>]*href="\/dashboard\/payment\/[^"]+"[^>]*>Pay<\/a>/);
    const keys = pageState(res.body).queries.map((query) => query.queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(['orders', 'payments']));
  });

  it("sends a quote's page and a company admin's Company page whole: the quote, the members, the invitations and the orders to approve", async () => {
    const buyer = await signUp(shop.app, { name: 'Quoting Admin' });
    const [part] = await catalogParts(1);
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(buyer),
      payload: { lines: [{ partsId: part?._id, quantity: 5 }], message: 'A yearly price, please.' },
    });
    expect(asked.statusCode).toBe(201);
    const quote = await page(`/dashboard/quotes/${asked.json().insertedId}`, cookieOf(buyer));
    expect(renderedFor(quote.body)).toBe(buyer.uid);
    expect(quote.body).toContain('A yearly price, please.');
    expect(pageState(quote.body).queries.map((query) => query.queryKey[0])).toContain('quotes');

    // Without a company the page offers to create one (it knows whether the email is verified).
    const alone = await page('/dashboard/company', cookieOf(buyer));
    expect(renderedFor(alone.body)).toBe(buyer.uid);
    expect(alone.body).toContain('You belong to no company yet.');

    const colleague = await signUp(shop.app, { name: 'Ordering Colleague' });
    await companyWithMembers(shop.database.db, [
      { uid: buyer.uid, role: 'admin' },
      { uid: colleague.uid, role: 'buyer', spendingLimit: 0 },
    ]);
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(colleague),
      payload: {
        lines: [{ partsId: part?._id, quantity: part?.min_order_quantity }],
        mobile: '+880 1712 345678',
        address: 'Plot 7, Savar EPZ',
      },
    });
    expect(placed.statusCode).toBe(201);
    const company = await page('/dashboard/company', cookieOf(buyer));
    expect(renderedFor(company.body)).toBe(buyer.uid);
    expect(company.body).toContain('Ordering Colleague');
    expect(company.body).toContain('Pending invitations');
    expect(company.body).toMatch(/<button[^>]*>Approve<\/button>/);
    // A member who is no admin sees the company, without its admins' parts.
    const member = await page('/dashboard/company', cookieOf(colleague));
    expect(renderedFor(member.body)).toBe(colleague.uid);
    expect(member.body).not.toContain('Pending invitations');
    // Their My Order says why the order waits, with the limit it passes (the company is read).
    const mine = await page('/dashboard/my-order', cookieOf(colleague));
    expect(renderedFor(mine.body)).toBe(colleague.uid);
    expect(mine.body).toContain('past your monthly limit of $0');
  });

  it('compresses the page for the browser that takes it', async () => {
    const buyer = await signUp(shop.app);
    const plain = await page('/dashboard', cookieOf(buyer));
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await page('/dashboard', cookieOf(buyer), { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      // The same page but for React's ids, which differ from one rendering to the next.
      expect(renderedFor(body.toString())).toBe(buyer.uid);
      expect(body.length).toBeGreaterThan(plain.body.length * 0.9);
    }
  });

  it("sends a page the user's role does not open as the frame, for the app to send them on", async () => {
    const buyer = await signUp(shop.app);
    const admin = await signUpAdmin(shop.app, shop.database.db);
    for (const [account, url] of [
      [buyer, '/dashboard/overview'],
      [buyer, '/dashboard/add-product'],
      [admin, '/dashboard/add-review'],
    ] as const) {
      const res = await page(url, cookieOf(account));
      expect(res.statusCode, url).toBe(200);
      expect(renderedFor(res.body), url).toBeUndefined();
      expect(isFrame(res.body), url).toBe(true);
    }
  });

  it('sends the frame for a cookie that is no sign-in: forged, expired, garbage, or of an account gone', async () => {
    const buyer = await signUp(shop.app);
    const [header, payload, signature = ''] = buyer.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${signature}`;
    const expired = await new SignJWT({ email: buyer.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(buyer.uid)
      .setIssuedAt(1)
      .setExpirationTime(2)
      .sign(new TextEncoder().encode('not the secret'));
    const gone = await signUp(shop.app);
    await shop.database.db.deleteFrom('users').where('id', '=', gone.uid).execute();
    for (const cookie of [
      `page_session=${forged}`,
      `page_session=${expired}`,
      'page_session=not-a-token',
      `page_session=${'a'.repeat(5000)}.b.c`,
      'page_session=',
      cookieOf(gone),
      `page_session=${buyer.refreshToken}`,
    ]) {
      const res = await page('/dashboard', cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(isFrame(res.body), cookie).toBe(true);
      expect(res.headers['cache-control'], cookie).toBe('no-cache');
    }
  });

  it('renders a page for the address asked for, its query included, and leaves to the app a page whose data its route does not read first', async () => {
    const buyer = await signUp(shop.app);
    const profile = await page('/dashboard?tab=1', cookieOf(buyer));
    expect(renderedFor(profile.body)).toBe(buyer.uid);
    expect(profile.body).toMatch(/<h1[^>]*>My Profile<\/h1>/);
    // A list filtered by its query (the route reads the first page unfiltered), the payment of an
    // order that is not there.
    for (const url of [
      '/dashboard/my-quotes?status=offered',
      '/dashboard/payment/64b7f0c2a1b2c3d4e5f60718',
    ]) {
      const res = await page(url, cookieOf(buyer));
      expect(renderedFor(res.body), url).toBeUndefined();
      expect(res.body, url).not.toContain('id="page-state"');
    }
  });

  it("sends a buyer's purchase page and their new quote whole: the part, and the parts of the quote's lines", async () => {
    const buyer = await signUp(shop.app, { name: 'Bulk Buyer' });
    const parts = await catalogParts(2);
    const [first, second] = parts;
    if (!first || !second) throw new Error('the demo catalog has parts');
    const purchase = await page(`/purchase/${first._id}`, cookieOf(buyer));
    expect(purchase.headers['cache-control']).toBe('private, no-store');
    expect(renderedFor(purchase.body)).toBe(buyer.uid);
    expect(purchase.body).toMatch(/<h1[^>]*>Purchase<\/h1>/);
    expect(purchase.body).toContain(first.name);
    expect(purchase.body).toContain('value="Bulk Buyer"');
    expect(purchase.body).toContain(`value="${first.min_order_quantity}"`);
    expect(purchase.body).not.toContain('<progress');
    // Buy again brings the quantity of a paid order in the query.
    const again = await page(`/purchase/${first._id}?quantity=987`, cookieOf(buyer));
    expect(renderedFor(again.body)).toBe(buyer.uid);
    expect(again.body).toContain('value="987"');

    const lines = `${first._id}:5,${second._id}:70000`;
    const quote = await page(`/quotes/new?lines=${encodeURIComponent(lines)}`, cookieOf(buyer));
    expect(renderedFor(quote.body)).toBe(buyer.uid);
    expect(quote.body).toMatch(/<h1[^>]*>Request a quote<\/h1>/);
    for (const part of parts) expect(quote.body).toContain(part.name);
    expect(quote.body).toContain('value="70000"');
    const empty = await page('/quotes/new', cookieOf(buyer));
    expect(renderedFor(empty.body)).toBe(buyer.uid);
    expect(empty.body).toContain('A quote needs parts.');
  });

  it("sends an unpaid order's payment page to its buyer with the order, the card form prepared by the app; another buyer gets the frame", async () => {
    const buyer = await signUp(shop.app, { name: 'Paying Later' });
    const [part] = await catalogParts(1);
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(buyer),
      payload: {
        partsId: part?._id,
        quantity: part?.min_order_quantity,
        mobile: '+880 1712 345678',
        address: 'Plot 7, Savar EPZ',
      },
    });
    expect(placed.statusCode).toBe(201);
    const url = `/dashboard/payment/${placed.json().insertedId}`;
    const res = await page(url, cookieOf(buyer));
    expect(renderedFor(res.body)).toBe(buyer.uid);
    expect(res.body).toMatch(/Hello, (<!-- -->)?Paying Later/);
    expect(res.body).toContain(part?.name);
    // The payment itself is prepared by the app (a POST), never while the server renders the page.
    expect(res.body).toContain('aria-label="Preparing the payment"');
    const keys = pageState(res.body).queries.map((query) => query.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['payments', 'config']]));
    expect(keys).not.toContainEqual(expect.arrayContaining(['secret']));
    const other = await signUp(shop.app);
    const theirs = await page(url, cookieOf(other));
    expect(renderedFor(theirs.body)).toBeUndefined();
    expect(isFrame(theirs.body)).toBe(true);
  });

  it('sends a purchase or a new quote as index.html, for the app, to an admin, for a part not in the catalog, and to a visitor', async () => {
    const buyer = await signUp(shop.app);
    const admin = await signUpAdmin(shop.app, shop.database.db);
    const [part] = await catalogParts(1);
    const missing = '0190f0c2-a1b2-7c3d-8e5f-607180000000';
    for (const [cookie, url] of [
      [cookieOf(admin), `/purchase/${part?._id}`],
      [cookieOf(admin), `/quotes/new?lines=${part?._id}:5`],
      [cookieOf(buyer), `/purchase/${missing}`],
      [cookieOf(buyer), `/quotes/new?lines=${missing}:5`],
      [undefined, `/purchase/${part?._id}`],
    ] as const) {
      const res = await page(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(renderedFor(res.body), url).toBeUndefined();
      expect(res.body, url).not.toContain('id="page-state"');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a HEAD with the frame, without rendering the page', async () => {
    const buyer = await signUp(shop.app);
    const res = await shop.app.inject({
      method: 'HEAD',
      url: '/dashboard',
      headers: { cookie: cookieOf(buyer) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the public pages as to a visitor, whoever asks', async () => {
    const buyer = await signUp(shop.app);
    for (const url of ['/', '/parts', '/login']) {
      const visitor = await page(url);
      const signedIn = await page(url, cookieOf(buyer));
      expect(signedIn.body, url).toBe(visitor.body);
      expect(signedIn.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe.each([
  [
    'a page the web app fails to render',
    `export const PAGE_STATE_ID = 'page-state';
     export const pageRequests = (pathname) => (pathname === '/' ? [] : null);
     export async function renderPage() { throw new Error('this page breaks'); }`,
  ],
  [
    'a server build that cannot be loaded (a package it imports is not installed)',
    `import 'no-such-package';`,
  ],
])('%s', (_, entryServer) => {
  let shop: TestShop;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'shop-web-'));
    fs.mkdirSync(path.join(dir, 'dist'));
    fs.mkdirSync(path.join(dir, 'dist-ssr'));
    fs.writeFileSync(
      path.join(dir, 'dist', 'index.html'),
      '<html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dir, 'dist-ssr', 'entry-server.js'), entryServer);
    shop = await createTestShop({ webDist: path.join(dir, 'dist'), demo: false });
  });
  afterAll(async () => {
    await shop.close();
  });

  it('sends index.html, for the app to render the page', async () => {
    for (const url of ['/', '/parts', '/dashboard']) {
      const page = await shop.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toContain('page-state');
    }
  });
});

describe('fillTemplate', () => {
  const template =
    '<!doctype html><html><head><title>Shop</title>\n</head><body><div id="root"><nav>shell</nav></div>\n</body></html>';

  it('puts the page in #root, its head in the head, and its data after it', () => {
    const html = fillTemplate(
      template,
      {
        html: '<main>Tools</main>',
        head: '<title>Tools</title><link rel="preload" as="image" href="/a.webp"/>',
        state: '{"a":"</script>"}',
      },
      'page-state',
    );
    expect(html).toBe(
      '<!doctype html><html><head>\n<title>Tools</title><link rel="preload" as="image" href="/a.webp"/></head><body>' +
        '<div id="root"><main>Tools</main></div><script type="application/json" id="page-state">{"a":"\\u003c/script>"}</script>\n  </body></html>',
    );
  });

  it("leaves the app's modules to its start instead of preloading them", () => {
    const html = fillTemplate(
      template.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/start.js"></head>'),
      { html: '', head: '', state: '{}' },
      'page-state',
    );
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('/assets/start.js');
  });

  it('sends a frame (a page without data) with its head, its markup and no data', () => {
    const html = fillTemplate(
      template.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/start.js"></head>'),
      { html: '<main>Dashboard</main>', head: '<title>My Profile</title>', state: null },
      'page-state',
    );
    expect(html).toBe(
      '<!doctype html><html><head>\n<link rel="modulepreload" crossorigin href="/assets/start.js"><title>My Profile</title></head>' +
        '<body><div id="root"><main>Dashboard</main></div>\n  </body></html>',
    );
  });

  it('keeps the template title when the page has none', () => {
    const html = fillTemplate(template, { html: '', head: '', state: '{}' }, 'page-state');
    expect(html).toContain('<title>Shop</title>');
  });

  it('refuses a template without #root', () => {
    expect(() =>
      fillTemplate('<html><body></body></html>', { html: '', head: '', state: '{}' }, 'x'),
    ).toThrow(/root/);
  });
});
