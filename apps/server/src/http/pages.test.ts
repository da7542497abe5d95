import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { webDistDir } from '../paths.js';
import { test as base } from '../test-support/fixture.js';

interface ListedPart {
  _id: string;
  name: string;
  price_per_piece: number;
}

/** The inline scripts of a page, with their nonce. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map(([, attributes]) => attributes ?? '');

// `npm test` builds the web app (client and server builds) first.
const built = fs.existsSync(path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js'));

base.override('shopOptions', { demo: true, webDist: webDistDir });
/** `get(url)` as a visitor; `firstParts(query)` the catalog's first parts. */
const test = base
  .extend(
    'get',
    { scope: 'file' },
    ({ as }) =>
      (url: string, headers?: Record<string, string>) =>
        as(null).get(url, headers),
  )
  .extend(
    'firstParts',
    { scope: 'file' },
    ({ get }) =>
      async (query = 'limit=6') =>
        (await get(`/api/parts?${query}`)).json() as ListedPart[],
  );

describe.runIf(built)('pages', () => {
  test('sends the home page and /parts rendered with the first parts, and the home page with its reviews', async ({
    get,
    firstParts,
  }) => {
    const parts = await firstParts();
    expect(parts).toHaveLength(6);
    for (const url of ['/', '/home', '/parts']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      for (const part of parts) expect(page.body, url).toContain(`>${part.name}</a>`);
    }
    expect((await get('/')).body).toContain('Customer reviews');
  });

  test("sends a part's page with its name and price, and an unknown part's page as its own not-found, a 404", async ({
    get,
    firstParts,
  }) => {
    const [part] = await firstParts('limit=1');
    if (!part) throw new Error('the demo catalog is empty');
    const page = await get(`/parts/${part._id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(new RegExp(`<h1[^>]*>${part.name}</h1>`));
    expect(page.body).toContain(`<strong data-testid="unit-price">$${part.price_per_piece}</strong>`);
    expect(page.body.match(/<title>[^<]*<\/title>/g)).toEqual([
      `<title>${part.name} — Electronics Tools Manufacturers</title>`,
    ]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await get(`/parts/${id}`);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.body, id).toContain('Part not found');
    }
  });

  test('sends the catalog searched, as its address asks', async ({ get, firstParts }) => {
    const q = 'soldering';
    // The catalog page is the parts finder: it shows what GET /api/catalog/search finds.
    const search = async (query: string) =>
      ((await get(`/api/catalog/search?${query}`)).json() as { parts: ListedPart[] }).parts;
    const matching = await search(`limit=24&q=${encodeURIComponent(q)}`);
    expect(matching.length).toBeGreaterThan(0);
    const others = (await firstParts('limit=100')).filter((p) => !matching.some((m) => m._id === p._id));
    const page = await get(`/catalog?q=${encodeURIComponent(q)}`);
    expect(page.statusCode).toBe(200);
    for (const found of matching) expect(page.body).toContain(`>${found.name}</a>`);
    for (const other of others) expect(page.body).not.toContain(`>${other.name}</a>`);
    expect(page.body).toContain(`found for “${q}”`);

    // A category and a filter in the address are the loader's search too.
    const categories = (await get('/api/categories')).json() as { _id: string; name: string }[];
    const tips = categories.find((category) => category.name === 'Soldering tips')?._id;
    const narrowed = await search(`category=${tips}&f.width=2mm..3mm&limit=24`);
    expect(narrowed.length).toBeGreaterThan(0);
    const filtered = await get(`/catalog?category=${tips}&f.width=2mm..3mm`);
    for (const found of narrowed) expect(filtered.body).toContain(`>${found.name}</a>`);
    expect(filtered.body).toContain(`${narrowed.length} parts match your choices`);
    // A filter the API refuses is said in place.
    const refused = await get(`/catalog?category=${tips}&f.width=wide..`);
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('This search cannot be run. f.width: must be a range');
  });

  test('allows the one inline script a rendered page carries, the router data, by a nonce new each time', async ({
    get,
  }) => {
    const nonces = [];
    for (const url of '/ /login /signup /blog /portfolio /verify-email /forgot-password'.split(' ')) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      const scripts = inlineScripts(page.body);
      expect(scripts, url).toHaveLength(1);
      const nonce = /nonce="([^"]+)"/.exec(scripts[0] ?? '')?.[1];
      expect(nonce, url).toBeTruthy();
      expect(page.headers['content-security-policy'], url).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(page.body, url).toContain('window.__staticRouterHydrationData');
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  test('sends a signed-in page as the page shell for the app, under the strict policy', async ({ get }) => {
    const shell = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
    for (const url of '/dashboard /dashboard/my-order /purchase/x /order /quotes/new'.split(' ')) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(shell);
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self';");
    }
  });

  test('answers a path that names no page with the "Oops! Page not found" page and HTTP 404', async ({
    get,
  }) => {
    for (const url of ['/no/such/page', '/dashboard/no-such-page', '/parts/a/b', '/catalog/x?q=1']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.body, url).toContain('Oops! Page not found');
      expect(
        inlineScripts(page.body).every((attributes) => attributes.includes('nonce=')),
        url,
      ).toBe(true);
    }
  });

  test('answers an unknown /api path with the JSON 404, and any other method on a page too', async ({
    as,
  }) => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['GET', '/api'],
      ['POST', '/login'],
    ] as const) {
      const res = await as(null).send(method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('not_found');
    }
  });

  test('compresses a page and serves the hashed assets for a year', async ({ get }) => {
    const page = await get('/', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(
      fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8'),
    )?.[1];
    const script = await get(asset ?? '');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
