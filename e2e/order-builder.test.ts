import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRunning, PHONE, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

const admin = { email: 'builder-admin@parts-shop.example', password: 'admin-password-7' };
const buyer = {
  name: 'Meghna Electronics Assembly',
  email: 'buyer@meghna.example',
  password: 'buyer-password-7',
};

const journey = journeys({
  env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password },
  // A line refused for stock sold meanwhile answers 422 on purpose.
  expectedProblems: /status of 422/,
});
const { signedIn, api, tokenOf } = journey;
const parts: Record<'flux' | 'braid' | 'braidLong', { _id: string; name: string; body: object }> =
  {} as never;

/** A part with price breaks, added by the admin through the API. */
async function addPart(
  token: string,
  name: string,
  price: number,
  min: number,
  price_breaks: { min_quantity: number; price_per_piece: number }[],
) {
  const [demo] = (await api('/api/parts?limit=1')).json as unknown as { img: string }[];
  const body = {
    name,
    desc: 'A part for the order builder journeys',
    img: demo?.img,
    min_order_quantity: min,
    available_quantity: 1000,
    price_per_piece: price,
    price_breaks,
  };
  const res = await api('/api/parts', { method: 'POST', token, body });
  expect(res.status).toBe(201);
  return { _id: res.json.insertedId as string, name, body };
}

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  const token = await tokenOf(admin);
  parts.flux = await addPart(token, 'Flux Pen No-Clean 10 ml', 5, 10, [
    { min_quantity: 100, price_per_piece: 4 },
  ]);
  parts.braid = await addPart(token, 'Desoldering Braid 2.5 mm', 3, 20, [
    { min_quantity: 200, price_per_piece: 2 },
  ]);
  parts.braidLong = await addPart(token, 'Desoldering Braid 2.5 mm Long', 4, 20, []);
});

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const available = async (id: string) => (await api(`/api/partsById?id=${id}`)).json.available_quantity;
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/h4-${name}.png`, fullPage: true });

async function quickOrder(page: Page, text: string) {
  await page.getByLabel('Lines of “part name or id, quantity”').fill(text);
  await page.getByRole('button', { name: 'Parse' }).click();
}

describe('a buyer building an order of many parts', () => {
  it('adds by search and by a pasted quick order, sees the breaks, and places it with a PO number', async () => {
    const page = await signedIn('/order', buyer);
    await page.getByRole('heading', { level: 1, name: 'Order' }).waitFor();
    await page.getByText('Your order has no lines yet.').waitFor();

    await page.getByLabel('Find a part').fill('flux pen');
    await page.getByRole('button', { name: /Flux Pen No-Clean 10 ml/ }).click();
    expect(await page.getByLabel('Pieces').inputValue()).toBe('10');
    await page.getByLabel('Pieces').fill('100');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const flux = row(page, parts.flux.name);
    await flux.getByText('$400').waitFor();
    expect(await flux.getByText('$4', { exact: true }).count()).toBe(1);
    expect(await flux.getByText('$100', { exact: true }).count()).toBe(1);

    const fluxQuantity = page.getByLabel(`Quantity of ${parts.flux.name}`);
    await fluxQuantity.fill('5');
    await flux.getByText('You have to place order in our given range', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Place order' }).isDisabled()).toBe(true);
    await fluxQuantity.fill('100');

    // Pasted from a spreadsheet: a header, a part whose exact name wins over a longer one, a part
    // the shop does not sell, a quantity that is no whole number, a line longer than any part's
    // name and a negative quantity: each bad line reported on its own, the good one added with
    // the reference written after its quantity.
    await quickOrder(
      page,
      `Part;Qty;Reference\ndesoldering braid 2.5 mm;250;Rework bench, R14\nNo Such Soldering Robot, 3\nDesoldering Braid 2.5 mm Long\t2.5\n${'Desoldering braid '.repeat(14)}, 5\nFlux Pen No-Clean 10 ml, -3`,
    );
    await toast(page, '1 line added to the order').waitFor();
    await page.getByText('Line 3 (“No Such Soldering Robot, 3”): unknown part').waitFor();
    await page
      .getByText('Line 4 (“Desoldering Braid 2.5 mm Long\t2.5”): quantity is not a whole number')
      .waitFor();
    await page.getByText(/^Line 5 \(“Desoldering braid .*…”\): part name or id is too long/).waitFor();
    await page.getByText('Line 6 (“Flux Pen No-Clean 10 ml, -3”): quantity must be positive').waitFor();
    await row(page, parts.braid.name).getByText('$500').waitFor();
    expect(await page.getByLabel(`Reference for ${parts.braid.name} (optional)`).inputValue()).toBe(
      'Rework bench, R14',
    );
    expect(await row(page, parts.braidLong.name).count()).toBe(0);
    await page.getByTestId('order-total').getByText('$900').waitFor();
    expect(await page.getByRole('link', { name: 'Order: 2 lines' }).count()).toBe(1);

    await page.getByLabel('Mobile').fill('+880 1819 000222');
    expect(await page.getByLabel('Deliver to').inputValue()).toBe('');
    await page.getByLabel('New address').fill('Plot 12, Meghna Industrial Zone, Narayanganj');
    await page.getByLabel('PO number (optional)').fill('PO-2026-0042');
    // What placing the order accepts, opened beside the order.
    const terms = page.getByRole('main').getByRole('link', { name: 'Terms of sale' });
    expect(await terms.getAttribute('href')).toBe('/terms');
    expect(await terms.getAttribute('target')).toBe('_blank');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await shot(page, 'order-1280');

    // Meanwhile the braid sells down to 200 pieces: the server refuses its line, which is marked.
    const restocked = { ...parts.braid.body, available_quantity: 200 };
    const token = await tokenOf(admin);
    const put = await api(`/api/partsById?id=${parts.braid._id}`, { method: 'PUT', token, body: restocked });
    expect(put.status).toBe(200);
    await page.getByRole('button', { name: 'Place order' }).click();
    await toast(page, 'You have to place order in our given range').waitFor();
    await row(page, parts.braid.name).getByText('You have to place order in our given range').waitFor();
    expect(
      await row(page, parts.flux.name).getByText('You have to place order in our given range').count(),
    ).toBe(0);
    await page.getByLabel(`Quantity of ${parts.braid.name}`).fill('200');
    await page.getByTestId('order-total').getByText('$800').waitFor();

    await page.getByRole('button', { name: 'Place order' }).click();
    await toast(page, 'Order placed. Please pay for confirm order').waitFor();
    await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
    await row(page, parts.flux.name).getByRole('link', { name: 'Pay' }).waitFor();
    expect(await page.getByRole('link', { name: 'Order: 0 lines' }).count()).toBe(1);
    expect([await available(parts.flux._id), await available(parts.braid._id)]).toEqual([900, 0]);
    const [order] = (
      await api(`/api/purchaseByEmail?email=${encodeURIComponent(buyer.email)}`, {
        token: await tokenOf(buyer),
      })
    ).json as unknown as { poNumber: string; price: number; lines: unknown[] }[];
    expect(order).toMatchObject({ poNumber: 'PO-2026-0042', price: 800 });
    expect(order?.lines).toHaveLength(2);
    expect(order?.lines).toContainEqual(expect.objectContaining({ reference: 'Rework bench, R14' }));
  });

  it('is usable on a phone', async () => {
    const page = await signedIn('/order', buyer, PHONE);
    await quickOrder(page, `${parts.flux._id}, 120\n${parts.braid.name}; 40`);
    await toast(page, '2 lines added to the order').waitFor();
    await page.getByLabel(`Quantity of ${parts.braid.name}`).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.getByRole('button', { name: `Remove ${parts.braid.name}` }).isVisible()).toBe(true);
    // A bad line is told on its own, within the screen.
    await quickOrder(page, `${'Desoldering braid '.repeat(14)}, 5\n${parts.flux.name}, -3`);
    const problems = page.getByRole('alert').filter({ hasText: 'These 2 lines were not added:' });
    await problems.getByText(`Line 2 (“${parts.flux.name}, -3”): quantity must be positive`).waitFor();
    expect((await problems.boundingBox())?.width ?? PHONE.width).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await shot(page, 'order-375');
  });
});

describe('saved lists', () => {
  it('saves the order as a list, edits it on Lists and orders it again', async () => {
    const page = await signedIn('/order', buyer);
    await quickOrder(page, `${parts.flux.name}, 30\n${parts.braid.name}, 20`);
    await page.getByRole('button', { name: 'Save as list' }).click();
    await page.getByLabel('List name').fill('Monthly bench restock');
    await page.getByRole('button', { name: 'Save list' }).click();
    await toast(page, 'List saved.').waitFor();

    await page.goto('/dashboard/lists');
    await page.getByRole('heading', { level: 1, name: 'Lists' }).waitFor();
    await expect.poll(() => appRunning(page)).toBe(true);
    const card = page.getByRole('article').filter({ hasText: 'Monthly bench restock' });
    await card.getByLabel(`Quantity of ${parts.flux.name}`).fill('40');
    await card.getByRole('button', { name: `Remove ${parts.braid.name} from Monthly bench restock` }).click();
    await card.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, /^List saved$/).waitFor();
    // The line's price and today's total are both $200: the total is the one looked for.
    await card.getByText("Today's total: $200").waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await shot(page, 'lists-1280');

    await card.getByRole('button', { name: 'Order this list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order' }).waitFor();
    expect(await page.getByLabel(`Quantity of ${parts.flux.name}`).inputValue()).toBe('40');
    expect(await row(page, parts.braid.name).count()).toBe(0);

    // A quantity changed on screen and not saved: what is ordered is what the buyer sees, and
    // the list says so; the saved list keeps its own.
    await page.goto('/dashboard/lists');
    await expect.poll(() => appRunning(page)).toBe(true);
    await card.getByLabel(`Quantity of ${parts.flux.name}`).fill('60');
    await card
      .getByText(
        'Order this list orders the lines and quantities shown; the saved list stays as it was until you save.',
      )
      .waitFor();
    await card.getByRole('button', { name: 'Order this list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order' }).waitFor();
    expect(await page.getByLabel(`Quantity of ${parts.flux.name}`).inputValue()).toBe('60');
    await page.goto('/dashboard/lists');
    expect(await card.getByLabel(`Quantity of ${parts.flux.name}`).inputValue()).toBe('40');

    const phone = await signedIn('/dashboard/lists', buyer, PHONE);
    await phone.getByRole('heading', { level: 2, name: 'Monthly bench restock' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'lists-375');

    await page.goto('/dashboard/lists');
    await page
      .getByRole('article')
      .filter({ hasText: 'Monthly bench restock' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('No saved lists yet.').waitFor();
  });
});
