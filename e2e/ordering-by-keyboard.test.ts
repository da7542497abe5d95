import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appRunning,
  cutOffOnScreen,
  DESKTOP,
  holdTheApp,
  PHONE,
  screenshot,
  seriousAccessibilityProblems,
} from './support/browser';
import { journeys } from './support/journeys';

const admin = { email: 'keys-admin@parts-shop.example', password: 'admin-password-9' };
const buyer = {
  name: 'Karnaphuli Controls',
  email: 'buyer@karnaphuli.example',
  password: 'buyer-password-9',
};

const journey = journeys({ env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password } });
const { signedIn, open, api, tokenOf } = journey;
/** The smallest phone the navbar is held to. */
const SMALL_PHONE = { width: 360, height: 740 };
let parts: { _id: string; name: string }[];

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** A full-page screenshot kept as a test artifact, and under /tmp to be looked at. */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await screenshot(page, name);
  await page.screenshot({ path: `/tmp/h7-${name}.png`, fullPage });
}

/** Lines put in the order builder as the browser keeps them, then the page loaded again. */
async function withBuilderLines(page: Page, lines: { partsId: string; quantity: number }[]) {
  await page.evaluate((kept) => localStorage.setItem('shop.order-builder', kept), JSON.stringify(lines));
  await page.reload();
}

/**
 * What Tab reaches, in order, from the top of the page until it leaves the page's <main>: each
 * control's accessible name as a person hears it (aria-label, its <label>, or its text), and
 * whether the browser draws its focus ring.
 */
async function tabOrder(page: Page): Promise<{ name: string; ring: boolean }[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const reached: { name: string; ring: boolean }[] = [];
  let inMain = false;
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const labelled = element.getAttribute('aria-label');
      const label = (element as HTMLInputElement).labels?.[0]?.textContent;
      const style = getComputedStyle(element);
      return {
        name: (labelled ?? label ?? element.textContent ?? '').trim().replace(/\s+/g, ' '),
        inMain: element.closest('main') !== null,
        ring:
          element.matches(':focus-visible') && (style.outlineStyle !== 'none' || style.boxShadow !== 'none'),
      };
    });
    if (!focused) break;
    if (focused.inMain) inMain = true;
    else if (inMain) break;
    if (focused.inMain) reached.push({ name: focused.name, ring: focused.ring });
  }
  return reached;
}

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  const token = await tokenOf(admin);
  const desc = 'A part for the keyboard journeys';
  parts = [
    await journey.addPart(token, { name: 'Weller Solder Tip LT-B', price: 7, available: 800, min: 10, desc }),
    await journey.addPart(token, { name: 'Kapton Tape 20 mm', price: 4, available: 900, min: 20, desc }),
    await journey.addPart(token, { name: 'Isopropyl Alcohol 1 l', price: 9, available: 300, min: 5, desc }),
  ];
});

describe('the order builder by keyboard', () => {
  it('reaches every control by Tab in the order it reads, and parses and places an order by keyboard', async () => {
    const page = await signedIn('/order', buyer);
    const [tip, tape, alcohol] = parts as [(typeof parts)[0], (typeof parts)[0], (typeof parts)[0]];
    await withBuilderLines(page, [
      { partsId: tip._id, quantity: 50 },
      { partsId: tape._id, quantity: 40 },
    ]);
    await page.getByLabel(`Quantity of ${tape.name}`).waitFor();
    await page.getByLabel('Mobile').waitFor();

    const reached = await tabOrder(page);
    expect(reached.map((control) => control.name)).toEqual([
      tip.name,
      `Quantity of ${tip.name}`,
      `Reference for ${tip.name} (optional)`,
      `Remove ${tip.name}`,
      tape.name,
      `Quantity of ${tape.name}`,
      `Reference for ${tape.name} (optional)`,
      `Remove ${tape.name}`,
      'Find a part',
      'Pieces',
      'Save as list',
      'Request a quote',
      'Lines of “part name or id, quantity”',
      // Unavailable while the box is empty, yet reached: it keeps the focus once pressed.
      'Parse',
      // A longer list goes to the bill of materials page.
      'Upload your BOM',
      'Mobile',
      'Deliver to',
      'New address',
      'Save this address',
      'PO number (optional)',
      // What placing the order accepts, read before the button.
      'Terms of sale',
      'Place order',
    ]);
    expect(reached.filter((control) => !control.ring)).toEqual([]);

    // A quick order typed, then Parse pressed by keyboard: focus stays where the buyer is.
    await page.getByLabel('Lines of “part name or id, quantity”').focus();
    await page.keyboard.type(`${alcohol.name}, 12`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Parse');
    await page.keyboard.press('Enter');
    await toast(page, '1 line added to the order').waitFor();
    await page.getByLabel(`Quantity of ${alcohol.name}`).waitFor();
    expect(
      await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null),
    ).toBe(true);

    // The checkout filled and sent by keyboard alone.
    await page.getByLabel('Mobile').focus();
    await page.keyboard.type('+880 1811 000333');
    await page.keyboard.press('Tab'); // Deliver to: New address (no saved address yet)
    await page.keyboard.press('Tab');
    await page.keyboard.type('Road 4, Kalurghat Heavy Industrial Area, Chattogram');
    await page.keyboard.press('Tab'); // Save this address
    await page.keyboard.press('Tab');
    await page.keyboard.type('PO-KC-77');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Terms of sale');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Place order');
    await page.keyboard.press('Enter');
    await toast(page, 'Order placed. Please pay for confirm order').waitFor();
    await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
    const [order] = (
      await api(`/api/purchaseByEmail?email=${encodeURIComponent(buyer.email)}`, {
        token: await tokenOf(buyer),
      })
    ).json as unknown as { poNumber: string; lines: unknown[] }[];
    expect(order?.poNumber).toBe('PO-KC-77');
    expect(order?.lines).toHaveLength(3);
  });
});

describe('a product page', () => {
  it('labels the quantity and tells its new price politely as it is typed', async () => {
    const page = await open(`/parts/${parts[0]?._id}`);
    const quantity = page.getByLabel('Quantity (pcs)');
    await quantity.waitFor();
    // The price under the field is its description, and a polite live region: a screen reader
    // reads it with the field, and again, without interrupting, as it changes.
    const live = page.locator(`[id="${await quantity.getAttribute('aria-describedby')}"]`);
    expect(await live.getAttribute('aria-live')).toBe('polite');
    await live.getByTestId('unit-price').waitFor();
    await expect.poll(() => appRunning(page)).toBe(true);
    await quantity.fill('200');
    await live.getByText('$1,400').waitFor();
    await quantity.fill('3');
    await live.getByText('You have to place order in our given range').waitFor();
  });

  it('searches the catalog before the app runs: its form is a GET form of the page, which the server renders', async () => {
    const catalog = await open('about:blank');
    const release = await holdTheApp(catalog);
    // (Its module scripts held, the browser's DOMContentLoaded waits for them.)
    await catalog.goto(`${journey.baseUrl}/catalog`, { waitUntil: 'commit' });
    await catalog.getByLabel('Search parts by number, tool model or words').fill('kapton');
    await catalog.getByLabel('Search parts by number, tool model or words').press('Enter');
    await catalog.waitForURL(/\?q=kapton/, { waitUntil: 'commit' });
    await catalog.getByText('1 part found for “kapton”').waitFor();
    release();
    await expect.poll(() => appRunning(catalog)).toBe(true);
  });

  it('keeps words typed into the catalog search before the app runs, and searches for them once it does', async () => {
    const catalog = await open('about:blank');
    const release = await holdTheApp(catalog);
    await catalog.goto(`${journey.baseUrl}/catalog`, { waitUntil: 'commit' });
    await catalog.getByLabel('Search parts by number, tool model or words').fill('kapton');
    expect(await appRunning(catalog)).toBe(false);
    release();
    await expect.poll(() => appRunning(catalog)).toBe(true);
    await catalog.waitForURL(/\?q=kapton$/);
    await catalog.getByText('1 part found for “kapton”').waitFor();
    expect(await catalog.getByLabel('Search parts by number, tool model or words').inputValue()).toBe(
      'kapton',
    );
  });
});

describe('a buyer on a phone and a desktop', () => {
  it('shows their saved list on Lists without a serious accessibility problem', async () => {
    const created = await api('/api/lists', {
      method: 'POST',
      token: await tokenOf(buyer),
      body: {
        name: 'Line 3 rework kit',
        lines: [
          { partsId: parts[0]?._id, quantity: 30 },
          { partsId: parts[1]?._id, quantity: 60 },
        ],
      },
    });
    expect(created.status).toBe(201);
    for (const [viewport, size] of [
      [DESKTOP, 1280],
      [PHONE, 375],
    ] as const) {
      const page = await signedIn('/dashboard/lists', buyer, viewport);
      const card = page.getByRole('article').filter({ hasText: 'Line 3 rework kit' });
      await card.getByLabel(`Quantity of ${parts[1]?.name}`).waitFor();
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size);
      await shot(page, `lists-${size}`);
    }

    // A quantity changed is priced, offered to be saved, and saved.
    const page = await signedIn('/dashboard/lists', buyer);
    const card = page.getByRole('article').filter({ hasText: 'Line 3 rework kit' });
    await card.getByLabel(`Quantity of ${parts[0]?.name}`).fill('45');
    await card.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'List saved').waitFor();
    await card.getByText('$315', { exact: true }).waitFor();
    const id = created.json.insertedId as string;
    const saved = (await api(`/api/lists/${id}`, { token: await tokenOf(buyer) })).json as unknown as {
      lines: { quantity: number }[];
    };
    expect(saved.lines.map((line) => line.quantity)).toEqual([45, 60]);
  });

  it('keeps the navbar with the Order link inside a 360 px screen', async () => {
    const page = await signedIn('/', buyer, SMALL_PHONE);
    // A two-digit count, the widest the badge usually gets.
    const lines = Array.from({ length: 12 }, (_, i) => ({
      partsId: `${parts[i % 3]?._id}`,
      quantity: 10 + i,
    }));
    await withBuilderLines(page, lines);
    await page.getByRole('link', { name: 'Order: 12 lines' }).waitFor();
    // Everything in the bar inside the screen, whole: the shop's name not cut.
    expect(await cutOffOnScreen(page, 'nav[aria-label="Main"], nav[aria-label="Main"] *')).toEqual([]);
    // The Order link beside the shop's name, not over it.
    const brand = page.getByRole('link', { name: 'Electronics Tools Manufacturers' });
    const [brandBox, orderBox] = [
      await brand.boundingBox(),
      await page.getByRole('link', { name: 'Order: 12 lines' }).boundingBox(),
    ];
    expect((brandBox?.x ?? 0) + (brandBox?.width ?? 0)).toBeLessThanOrEqual(orderBox?.x ?? 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      SMALL_PHONE.width,
    );
    await shot(page, 'nav-360', false);
  });
});
