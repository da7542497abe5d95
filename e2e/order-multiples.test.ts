import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cutOffOnScreen, PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

/**
 * A part sold in multiples (a reel) and a line's reference (docs/api.md part three), as a buyer
 * meets them: the product page and the order builder say "Sold in multiples of 50", step by it and
 * refuse another quantity in the API's words; the builder takes a reference per line, refuses one
 * longer than 40 characters without cutting it, and the order shows it in My Order.
 */
const admin = { email: 'reels-admin@parts-shop.example', password: 'admin-password-7' };
const buyer = {
  name: 'Karnaphuli Assemblies',
  email: 'buyer@karnaphuli.example',
  password: 'buyer-password-7',
};

const journey = journeys({ env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password } });
const { signedIn, api, tokenOf } = journey;
const reel = { _id: '', name: 'Chip resistor 10 kΩ 0603, reel' };
const REFERENCE = 'R1-R12, R40 · cost centre 4411';
const TOO_LONG = `${REFERENCE} / board A`.padEnd(41, '-');

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  const [demo] = (await api('/api/parts?limit=1')).json as unknown as { img: string }[];
  const res = await api('/api/parts', {
    method: 'POST',
    token: await tokenOf(admin),
    body: {
      name: reel.name,
      desc: 'Thick film, 1%, on reels of 50',
      img: demo?.img,
      min_order_quantity: 40,
      available_quantity: 5000,
      price_per_piece: 2,
      price_breaks: [{ min_quantity: 500, price_per_piece: 1 }],
      order_multiple: 50,
    },
  });
  expect(res.status).toBe(201);
  reel._id = res.json.insertedId as string;
});

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const MULTIPLE_MESSAGE = `Quantity of ${reel.name} must be a multiple of 50`;

describe('a part sold in multiples, and a reference on each line', () => {
  it('the product page says so, starts at the least order and refuses another quantity', async () => {
    const page = await signedIn(`/parts/${reel._id}`, buyer);
    const quantity = page.getByLabel('Quantity (pcs)');
    await page.getByText('Sold in multiples of 50').first().waitFor();
    expect(await quantity.inputValue()).toBe('50');
    expect(await quantity.getAttribute('step')).toBe('50');
    await quantity.fill('120');
    await page.getByText(MULTIPLE_MESSAGE).waitFor();
    expect(await page.getByRole('button', { name: 'Add to order' }).isDisabled()).toBe(true);
    await quantity.press('ArrowUp');
    expect(await quantity.inputValue()).toBe('150');
    await page.getByRole('button', { name: 'Add to order' }).click();
    await page.getByRole('link', { name: 'See your order' }).waitFor();

    // A quote is asked in the part's multiples too: the request page says so before it is sent.
    await page.getByRole('link', { name: 'Request a quote' }).click();
    const asked = page.getByLabel(`Quantity (pcs) of ${reel.name}`);
    expect(await asked.inputValue()).toBe('150');
    await asked.fill('7010');
    await page.getByText(MULTIPLE_MESSAGE).waitFor();
    await page.getByLabel(`Reference for ${reel.name} (optional)`).fill(REFERENCE);
    await screenshot(page, 'order-multiples-quote-1280');
  });

  it('the order builder steps by the multiple, takes a reference, and the order keeps it', async () => {
    const page = await signedIn(`/parts/${reel._id}`, buyer);
    await page.getByLabel('Quantity (pcs)').fill('500');
    await page.getByRole('button', { name: 'Add to order' }).click();
    await page.goto('/order');
    const line = row(page, reel.name);
    await line.getByText('Sold in multiples of 50').waitFor();
    const quantity = page.getByLabel(`Quantity of ${reel.name}`);
    expect(await quantity.inputValue()).toBe('500');
    await quantity.fill('510');
    await line.getByText(MULTIPLE_MESSAGE).waitFor();
    expect(await page.getByRole('button', { name: 'Place order' }).isDisabled()).toBe(true);
    await quantity.press('ArrowUp');
    expect(await quantity.inputValue()).toBe('550');
    await quantity.press('ArrowDown');
    await quantity.press('ArrowDown');
    expect(await quantity.inputValue()).toBe('450');
    await quantity.press('ArrowUp');
    await page.getByTestId('order-total').getByText('$500').waitFor();

    // A reference of 41 characters is marked, never cut; shortened, the order may be placed.
    const reference = page.getByLabel(`Reference for ${reel.name} (optional)`);
    await reference.fill(TOO_LONG);
    await line.getByText('A reference is at most 40 characters; this one has 41.').waitFor();
    expect(await reference.inputValue()).toBe(TOO_LONG);
    expect(await page.getByRole('button', { name: 'Place order' }).isDisabled()).toBe(true);
    await reference.fill(REFERENCE);
    await page.getByLabel('Mobile').fill('+880 1819 000333');
    await page.getByLabel('New address').fill('Shed 4, CEPZ, Chattogram');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'order-multiples-builder-1280');

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
    await row(page, reel.name).getByText(`Ref: ${REFERENCE}`).waitFor();
    const [placed] = (
      await api(`/api/purchaseByEmail?email=${encodeURIComponent(buyer.email)}`, {
        token: await tokenOf(buyer),
      })
    ).json as unknown as { lines: { quantity: number; reference?: string }[] }[];
    expect(placed?.lines).toEqual([expect.objectContaining({ quantity: 500, reference: REFERENCE })]);
  });

  it('is usable on a phone: every value whole, nothing past the screen', async () => {
    const page = await signedIn(`/parts/${reel._id}`, buyer, PHONE);
    await page.getByRole('button', { name: 'Add to order' }).click();
    await page.goto('/order');
    const quantity = page.getByLabel(`Quantity of ${reel.name}`);
    await quantity.fill('75');
    await row(page, reel.name).getByText(MULTIPLE_MESSAGE).waitFor();
    await page.getByLabel(`Reference for ${reel.name} (optional)`).fill(REFERENCE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'order-multiples-builder-375');
    // A field's text scrolls in its box as it is typed: the values shown are what must be whole.
    expect(await cutOffOnScreen(page, 'main td, main td *:not(input)')).toEqual([]);
    expect(await page.getByLabel(`Reference for ${reel.name} (optional)`).inputValue()).toBe(REFERENCE);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // Asked as a quote, the line keeps its reference, and its quantity is held to the multiple too.
    await page.getByRole('link', { name: 'Request a quote' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Request a quote' }).waitFor();
    expect(await page.getByLabel(`Reference for ${reel.name} (optional)`).inputValue()).toBe(REFERENCE);
    await page.getByText(MULTIPLE_MESSAGE).waitFor();
    await page.getByLabel(`Quantity (pcs) of ${reel.name}`).fill('6000');
    await page.getByLabel('Message').fill('A price for a year of reels, please');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'order-multiples-quote-375');
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await page.getByRole('heading', { level: 1, name: /Quote/ }).waitFor();
    await page.getByText(`Ref: ${REFERENCE}`).waitFor();
  });
});
