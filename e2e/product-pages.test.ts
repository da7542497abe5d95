import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appRunning,
  DESKTOP,
  holdTheApp,
  PHONE,
  screenshot,
  seriousAccessibilityProblems,
} from './support/browser';
import { journeys } from './support/journeys';

const admin = { email: 'product-admin@parts-shop.example', password: 'admin-password-3' };
const journey = journeys({ env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password } });
const { open, api, tokenOf } = journey;

const name = 'Logic Analyzer 16 Channels';
let partId = '';

beforeAll(async () => {
  // A part with price breaks, added after the demo catalog: far beyond the storefront's first 6.
  const [demo] = (await api('/api/parts?limit=1')).json as unknown as { img: string }[];
  const res = await api('/api/parts', {
    method: 'POST',
    token: await tokenOf(admin),
    body: {
      name,
      desc: 'USB logic analyzer, 16 channels at 100 MS/s, with probe hooks and software.',
      img: demo?.img,
      min_order_quantity: 10,
      available_quantity: 2000,
      price_per_piece: 50,
      price_breaks: [
        { min_quantity: 100, price_per_piece: 45 },
        { min_quantity: 500, price_per_piece: 40 },
      ],
    },
  });
  expect(res.status).toBe(201);
  partId = res.json.insertedId as string;
});

/** Where the PNGs an integrator looks at go (as well as the tests' own artifacts). */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/h3-${name}.png`, fullPage: true });
  await screenshot(page, `h3-${name}`);
}

const unitPrice = (page: Page) => page.getByTestId('unit-price').textContent();

describe('the whole catalog and a product page', () => {
  it('finds a part beyond the first 6 by search, opens its page and prices a quantity by its breaks', async () => {
    const page = await open('/parts');
    const total = Number((await fetch(`${journey.baseUrl}/api/parts?limit=1`)).headers.get('x-total-count'));
    expect(total).toBeGreaterThan(6);
    expect(await page.getByRole('article').count()).toBe(6);
    expect(await page.getByText(name).count()).toBe(0);
    await shoot(page, 'parts-1280');
    await page.getByRole('link', { name: `See all ${total} parts` }).click();
    await page.waitForURL(/\/catalog$/);
    await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
    await page.getByText(`${total} parts in the catalog`).waitFor();
    await expect.poll(() => appRunning(page)).toBe(true);

    await page.getByLabel('Search parts by number, tool model or words').fill('analyzer 16');
    await page.waitForURL(/\/catalog\?q=analyzer\+16$/);
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await page.getByText('1 part found for “analyzer 16”').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    await page.getByRole('link', { name }).click();
    await page.waitForURL(new RegExp(`/parts/${partId}$`));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const table = page.getByRole('table', { name: 'Price by quantity' });
    expect(
      await table
        .getByRole('row')
        .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim())),
    ).toEqual([
      'Quantity from Price per piece Saving',
      '10 pcs $50 List price',
      '100 pcs $45 10%',
      '500 pcs $40 20%',
    ]);

    const quantity = page.getByLabel('Quantity (pcs)');
    expect(await quantity.inputValue()).toBe('10');
    expect(await unitPrice(page)).toBe('$50');
    await quantity.fill('100');
    await expect.poll(() => unitPrice(page)).toBe('$45');
    await quantity.fill('600');
    await expect.poll(() => unitPrice(page)).toBe('$40');
    await page.getByText('$24,000').waitFor();
    await page.getByText('$6,000 (20%)').waitFor();
    expect(await page.getByRole('link', { name: 'Buy' }).getAttribute('href')).toBe(
      `/purchase/${partId}?quantity=600`,
    );

    await quantity.fill('5');
    await page.getByText('You have to place order in our given range').waitFor();
    expect(await page.getByRole('button', { name: 'Buy' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add to order' }).isDisabled()).toBe(true);
    await quantity.fill('2001');
    await page.getByText('You have to place order in our given range').waitFor();

    await quantity.fill('100');
    await page.getByRole('button', { name: 'Add to order' }).click();
    await page.getByRole('alert').filter({ hasText: 'Added to your order' }).waitFor();
    expect(await page.getByRole('link', { name: 'See your order' }).getAttribute('href')).toBe('/order');
    expect(
      await page.evaluate(() => JSON.parse(window.localStorage.getItem('shop.order-builder') ?? '[]')),
    ).toEqual([{ partsId: partId, quantity: 100 }]);

    // The back button goes back to the search.
    await page.goBack();
    await page.waitForURL(/\/catalog\?q=analyzer\+16$/);
    expect(await page.getByLabel('Search parts by number, tool model or words').inputValue()).toBe(
      'analyzer 16',
    );
    await page.goBack();
    await page.waitForURL(/\/catalog$/);
    await expect
      .poll(() => page.getByLabel('Search parts by number, tool model or words').inputValue())
      .toBe('');
  });

  it('sorts the catalog in its address, which can be shared', async () => {
    const page = await open('/catalog');
    // The server's page is a form of the same address; the app makes the select act at once.
    await expect.poll(() => appRunning(page)).toBe(true);
    // Without a search, the finder lists the newest parts first.
    expect(await page.getByLabel('Sort by').inputValue()).toBe('newest');
    await expect.poll(() => page.getByRole('article').first().getByRole('heading').textContent()).toBe(name);
    const names = async (sort: string) =>
      (
        (await api(`/api/catalog/search?sort=${sort}&limit=24`)).json as unknown as {
          parts: { name: string }[];
        }
      ).parts.map((part) => part.name);
    await page.getByLabel('Sort by').selectOption('name');
    await page.waitForURL(/\/catalog\?sort=name$/);
    const byName = await names('name');
    await expect.poll(() => page.getByRole('article').getByRole('heading').allTextContents()).toEqual(byName);
    await page.getByLabel('Sort by').selectOption('-price');
    await page.waitForURL(/\/catalog\?sort=-price$/);
    await expect
      .poll(() => page.getByRole('article').getByRole('heading').allTextContents())
      .toEqual(await names('-price'));
    // The back button goes back through the sorts.
    await page.goBack();
    await page.waitForURL(/\/catalog\?sort=name$/);
    await expect.poll(() => page.getByRole('article').getByRole('heading').allTextContents()).toEqual(byName);

    // A shared address opens on its search, sort and page.
    const shared = await open('/catalog?q=tip&sort=name&offset=0');
    expect(await shared.getByLabel('Sort by').inputValue()).toBe('name');
    expect(await shared.getByLabel('Search parts by number, tool model or words').inputValue()).toBe('tip');
  });

  // Four accessibility scans and screenshots: longer than a journey's minute on a busy machine.
  it('sends the pages rendered, and shows them whole on a desktop and a phone', async () => {
    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [PHONE, 375],
    ] as const) {
      const catalog = await open('/catalog', viewport);
      await catalog.getByRole('article').first().waitFor();
      expect(await seriousAccessibilityProblems(catalog)).toEqual([]);
      await shoot(catalog, `catalog-${width}`);

      const product = await open(`/parts/${partId}`, viewport);
      await product.getByRole('table', { name: 'Price by quantity' }).waitFor();
      expect(await seriousAccessibilityProblems(product)).toEqual([]);
      await shoot(product, `product-${width}`);
      // Nothing wider than the screen.
      expect(await product.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await catalog.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // Before the app runs, the server's HTML is the page.
    const page = await open('about:blank');
    const release = await holdTheApp(page);
    // (A page's module scripts held, the browser's DOMContentLoaded waits for them.)
    await page.goto(`${journey.baseUrl}/parts/${partId}`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('table', { name: 'Price by quantity' }).waitFor();
    await page.goto(`${journey.baseUrl}/catalog`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThan(6);
    release();
  }, 150_000);
});
