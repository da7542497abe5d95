import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

const buyer = { name: 'Meghna Assemblies', email: 'purchasing@meghna.example', password: 'buyer-password-7' };
const journey = journeys();
const { signedIn, api, tokenOf } = journey;

interface DemoPart {
  _id: string;
  name: string;
  mpn: string;
}
const TIP = 'Soldering tip, chisel 2.4 mm (T-24C)';
let sponge: DemoPart;

/** A demo part found by its manufacturer part number. */
const partNumbered = async (mpn: string) =>
  ((await api(`/api/catalog/search?q=${mpn}`)).json as unknown as { parts: DemoPart[] }).parts[0] as DemoPart;

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  sponge = await partNumbered('CS-60');
  expect(sponge.mpn).toBe('CS-60');
});

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

describe('a buyer keeping their own part numbers', () => {
  it('adds, imports, edits and removes numbers, then finds and orders a part by one', async () => {
    const page = await signedIn('/dashboard/my-part-numbers', buyer);
    await page.getByRole('heading', { level: 1, name: 'My Part Numbers' }).waitFor();
    await page.getByText('No part numbers yet.').waitFor();

    // One number: the part found by its manufacturer part number, chosen, given the buyer's number.
    await page.getByLabel('Our part', { exact: true }).fill('T-24C');
    await page.getByRole('list', { name: 'Matching parts' }).getByRole('button', { name: TIP }).click();
    await page.getByLabel('Your part number', { exact: true }).fill('MA-TIP-0042');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await rowOf(page, 'MA-TIP-0042').waitFor();

    // Pasted lines: two parts by their numbers, one by its id, and one line that names no part.
    await page
      .getByLabel(/^Paste up to 200 lines/)
      .fill(
        ['MPN, our number', 'HE-80, MA-HEAT-80', `${sponge._id};MA-SPONGE`, 'NO-SUCH-PART-9, MA-X'].join(
          '\n',
        ),
      );
    await page.getByRole('button', { name: 'Check lines' }).click();
    await page.getByText('2 lines are ready; 1 line cannot be used.').waitFor();
    await page
      .getByText('Line 4 (NO-SUCH-PART-9): no part in the catalog has this id or manufacturer part number')
      .waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save 2 numbers' }).click();
    await rowOf(page, 'MA-SPONGE').waitFor();
    expect(await page.getByRole('row').count()).toBe(4);

    // A number already given to another part (as numbers compare) is refused before it is sent.
    await page.getByRole('button', { name: `Edit your part number for ${sponge.name}` }).click();
    const edited = page.getByLabel(`New part number for ${sponge.name}`);
    await edited.fill('ma tip 0042');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'is already given to another part' }).waitFor();
    await edited.fill('MA-SPONGE-60');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await rowOf(page, 'MA-SPONGE-60').waitFor();
    await page
      .getByRole('button', { name: 'Remove your part number for Heating element 80 W (HE-80)' })
      .click();
    await expect.poll(() => page.getByRole('row').count()).toBe(3);
    await screenshot(page, 'part-numbers-1280');

    const token = await tokenOf(buyer);
    const kept = (await api('/api/customer-part-numbers', { token })).json as unknown as {
      items: { customerPartNumber: string }[];
    };
    expect(kept.items.map((item) => item.customerPartNumber)).toEqual(['MA-SPONGE-60', 'MA-TIP-0042']);

    // The finder finds the part by the buyer's number, and says it.
    await page.goto('/catalog');
    await page.getByLabel('Search parts by number, tool model or words').fill('ma tip 0042');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const result = page.getByRole('article').filter({ hasText: TIP });
    await result.getByText('Your part number: MA-TIP-0042').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);

    // Its page says it too; in the order builder its line does.
    await result.getByRole('link', { name: TIP }).click();
    await page.getByRole('heading', { level: 1, name: TIP }).waitFor();
    await page.getByTestId('your-part-number').getByText('MA-TIP-0042').waitFor();
    await page.getByRole('button', { name: 'Add to order' }).click();
    await page.getByRole('link', { name: 'See your order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order' }).waitFor();
    await page.getByRole('row').filter({ hasText: TIP }).getByText('Your part number: MA-TIP-0042').waitFor();
    await screenshot(page, 'part-numbers-order-builder-1280');

    // The order placed keeps the number on its line.
    await page.getByLabel('Mobile').fill('+880 1819 000222');
    await page.getByLabel('New address').fill('Plot 7, Meghna Industrial Zone, Narayanganj');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
    await page.getByRole('row').filter({ hasText: TIP }).getByText('Your part number: MA-TIP-0042').waitFor();
  });

  it("finds the buyer's part when a link of the finder names their own number", async () => {
    // Another buyer, whose number no one else's search finds.
    const other = { name: 'Padma Controls', email: 'stores@padma.example', password: 'buyer-password-8' };
    expect((await api('/api/auth/signup', { method: 'POST', body: other })).status).toBe(201);
    const heater = await partNumbered('HE-80');
    const put = await api('/api/customer-part-numbers', {
      method: 'PUT',
      token: await tokenOf(other),
      body: { items: [{ partsId: heater._id, customerPartNumber: 'PC/HEAT-777' }] },
    });
    expect(put.status).toBe(200);
    const everyones = (await api('/api/catalog/search?q=PC%2FHEAT-777')).json as unknown as { total: number };
    expect(everyones.total).toBe(0);

    // Opened directly, the page comes from the server, rendered for anyone; signed in, the
    // browser asks again with the buyer's token and shows their part.
    const page = await signedIn('/catalog?q=PC%2FHEAT-777', other);
    const result = page.getByRole('article').filter({ hasText: heater.name });
    await result.getByText('Your part number: PC/HEAT-777').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await page.getByText('1 part found for “PC/HEAT-777”').waitFor();
    expect(await page.getByText(/^No part matches/).count()).toBe(0);
  });

  it('reads well on a phone', async () => {
    const page = await signedIn('/dashboard/my-part-numbers', buyer, PHONE);
    await page.getByRole('heading', { level: 1, name: 'My Part Numbers' }).waitFor();
    await rowOf(page, 'MA-TIP-0042').waitFor();
    // Every value whole on its card, and no sideways scrolling.
    await page.getByText('MA-SPONGE-60', { exact: true }).waitFor();
    await noSidewaysScroll(page);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'part-numbers-375');
  });
});
