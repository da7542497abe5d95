import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appRunning, DESKTOP, PHONE, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

const journey = journeys();
const { open, api } = journey;

/** Where the PNGs an integrator looks at go. */
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/shots-catalog/e2e-${name}.png`, fullPage: true });

const headings = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();
const status = (page: Page) =>
  page
    .getByText(/\d+ parts? (in|match|matches|found)/)
    .first()
    .textContent();

describe('the parts finder', () => {
  it('narrows the demo catalog by category, a ticked value and a typed range, all in the address', async () => {
    const page = await open('/catalog');
    await expect.poll(() => appRunning(page)).toBe(true);

    const categories = page.getByRole('navigation', { name: 'Categories' });
    await categories.getByRole('link', { name: /^Soldering tips/ }).click();
    await page.waitForURL(/\/catalog\?category=[0-9a-f-]{36}$/);
    await page.getByText('10 parts in Soldering tips').waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(10);

    // Each shape with the parts it would leave.
    const shape = page.getByRole('group', { name: 'Shape' });
    expect(await shape.getByRole('listitem').filter({ hasText: 'chisel' }).textContent()).toBe('chisel5');
    await shape.getByLabel('chisel').check();
    await page.waitForURL(/&f\.shape=chisel$/);
    await page.getByText('5 parts match your choices').waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(5);

    // Tip widths are kept in metres and shown in mm: a bare number is read in mm.
    const width = page.getByRole('group', { name: 'Tip width (mm)' });
    await width.getByLabel('Min').fill('two');
    await width.getByRole('button', { name: 'Apply' }).click();
    await width.getByText('Enter a number such as 2.5 (mm) or 4.7mm').waitFor();
    expect(await width.getByLabel('Min').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(/&f\.shape=chisel$/);
    await width.getByLabel('Min').fill('2');
    await width.getByLabel('Max').fill('3');
    await width.getByLabel('Max').press('Enter');
    await page.waitForURL(/&f\.shape=chisel&f\.width=2mm\.\.3mm$/);
    await page.getByText('1 part matches your choices').waitFor();
    await expect.poll(() => headings(page)).toEqual(['Soldering tip, chisel 2.4 mm (T-24C)']);
    const result = (await page.getByRole('article').innerText()).replace(/\s+/g, ' ');
    for (const text of [
      'T-24C · Electronics Tools Manufacturers',
      'Tip width: 2.4 mm',
      'Shape: chisel',
      '$8 per piece',
      '$6 from 200 pcs',
      '1,500 pcs in stock',
    ])
      expect(result).toContain(text);
    // The other shapes still say what they would add within 2–3 mm.
    expect(await shape.getByRole('listitem').filter({ hasText: 'knife' }).textContent()).toBe('knife1');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await shoot(page, 'finder-1280');

    // The address is the search: opened again, it shows the same parts and choices.
    const address = page.url();
    await page.reload();
    await page.getByText('1 part matches your choices').waitFor();
    expect(await headings(page)).toEqual(['Soldering tip, chisel 2.4 mm (T-24C)']);
    expect(await page.getByRole('group', { name: 'Shape' }).getByLabel('chisel').isChecked()).toBe(true);
    await expect.poll(() => appRunning(page)).toBe(true);
    expect(await width.getByLabel('Min').inputValue()).toBe('2mm');
    expect(await width.getByLabel('Max').inputValue()).toBe('3mm');

    // Back goes back through the choices.
    await page.goBack();
    await page.waitForURL(/&f\.shape=chisel$/);
    await page.getByText('5 parts match your choices').waitFor();
    await expect.poll(() => width.getByLabel('Min').inputValue()).toBe('');

    // The search box finds a part by its number, in the category chosen.
    await page.getByLabel('Search parts by number, tool model or words').fill('t32c');
    await page.waitForURL(/\?q=t32c&category=/);
    await expect.poll(() => headings(page)).toEqual(['Soldering tip, chisel 3.2 mm (T-32C)']);

    // On a phone the choices are in a drawer.
    const phone = await open(address.replace(/^https?:\/\/[^/]+/, ''), PHONE);
    await phone.getByText('1 part matches your choices').waitFor();
    await expect.poll(() => appRunning(phone)).toBe(true);
    const filters = phone.getByRole('button', { name: 'Filters (2)' });
    expect(await phone.getByRole('group', { name: 'Shape' }).isVisible()).toBe(false);
    await filters.click();
    const drawer = phone.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('group', { name: 'Tip width (mm)' }).getByLabel('Min').waitFor();
    // The open drawer keeps the focus: back from its first button is its last field, not the page.
    expect(await phone.evaluate(() => document.activeElement?.textContent)).toBe('Show 1 part');
    await phone.keyboard.press('Shift+Tab');
    expect(await drawer.evaluate((aside) => aside.contains(document.activeElement))).toBe(true);
    await phone.keyboard.press('Tab');
    expect(await phone.evaluate(() => document.activeElement?.textContent)).toBe('Show 1 part');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAccessibilityProblems(phone)).toEqual([]);
    await shoot(phone, 'finder-drawer-375');
    await drawer.getByLabel('Active parts only').check();
    await phone.waitForURL(/&lifecycle=active$/);
    await drawer.getByRole('button', { name: 'Show 1 part' }).click();
    expect(await drawer.isVisible()).toBe(false);
    expect(await phone.getByRole('button', { name: 'Filters (3)' }).isVisible()).toBe(true);
    expect(await headings(phone)).toEqual(['Soldering tip, chisel 2.4 mm (T-24C)']);
    await shoot(phone, 'finder-375');
    expect(await status(phone)).toBe('1 part matches your choices');
  });

  it('narrows by ticked values in a browser that runs no scripts: the choices are a form the server renders', async () => {
    const page = await open('/catalog', DESKTOP, { javaScriptEnabled: false });
    // The pages of the list are links too.
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/\/catalog\?offset=\d+$/);
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: /^Soldering tips/ })
      .click();
    await page.getByText('10 parts in Soldering tips').waitFor();
    const category = new URL(page.url()).searchParams.get('category');
    await page.getByRole('group', { name: 'Shape' }).getByLabel('chisel').check();
    await page.getByLabel('In stock only').check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // The form's fields as the address names them (an empty range is sent empty, and read as none).
    await page.waitForURL(`**/catalog?category=${category}&inStock=true&f.width=&f.shape=chisel`);
    // Four: one chisel tip of the five is out of stock.
    await page.getByText('4 parts match your choices').waitFor();
    expect(await headings(page)).toEqual([
      'Soldering tip, chisel 3.2 mm (T-32C)',
      'Soldering tip, chisel 2.4 mm (T-24C)',
      'Soldering tip, chisel 1.6 mm (T-16C)',
      'Soldering tip, chisel 1.2 mm (T-12C)',
    ]);
    expect(await page.getByRole('group', { name: 'Shape' }).getByLabel('chisel').isChecked()).toBe(true);
    expect(await page.getByLabel('In stock only').isChecked()).toBe(true);

    // A range as the address writes it, and a second value: any of the values, within the range.
    const width = page.getByRole('group', { name: 'Tip width (mm)' });
    await width.getByLabel('Range with units (min..max)').fill('2mm..3mm');
    await page.getByRole('group', { name: 'Shape' }).getByLabel('knife').check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/&f\.width=2mm\.\.3mm&f\.shape=chisel&f\.shape=knife$/);
    await page.getByText('2 parts match your choices').waitFor();
    expect(await headings(page)).toEqual([
      'Soldering tip, knife 2.5 mm (T-25K)',
      'Soldering tip, chisel 2.4 mm (T-24C)',
    ]);
    expect(await width.getByLabel('Range with units (min..max)').inputValue()).toBe('2mm..3mm');
    // (axe-core runs as a script in the page: not in this one.)
    await shoot(page, 'finder-no-script-1280');

    // On a phone the choices stand above the results: no drawer to open without scripts.
    const phone = await open(new URL(page.url()).pathname + new URL(page.url()).search, PHONE, {
      javaScriptEnabled: false,
    });
    await phone.getByText('2 parts match your choices').waitFor();
    expect(await phone.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false);
    await phone.getByRole('group', { name: 'Shape' }).getByLabel('knife').uncheck();
    await phone.getByRole('button', { name: 'Apply filters' }).click();
    await phone.waitForURL(/&f\.width=2mm\.\.3mm&f\.shape=chisel$/);
    await phone.getByText('1 part matches your choices').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(phone, 'finder-no-script-375');

    // Once the app runs, the choices apply themselves: no button to send them.
    const app = await open('/catalog', DESKTOP);
    await expect.poll(() => appRunning(app)).toBe(true);
    expect(await app.getByRole('button', { name: 'Apply filters' }).count()).toBe(0);
  });

  it("shows a part's specification and datasheets, and sends an obsolete part's buyer to its replacement", async () => {
    const found = (await api('/api/catalog/search?q=T-24C')).json as unknown as { parts: { _id: string }[] };
    const page = await open(`/parts/${found.parts[0]?._id}`);
    const specification = page.getByRole('table', { name: 'Specification' });
    expect(
      await specification
        .getByRole('row')
        .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim())),
    ).toEqual(['Tip width 2.4 mm', 'Shape chisel', 'Series T', 'Lead-free Yes']);
    await page.getByText('T-24C', { exact: true }).waitFor();
    const datasheet = page.getByRole('link', { name: 'Datasheet: T-series soldering tips' });
    const href = (await datasheet.getAttribute('href')) ?? '';
    const pdf = await fetch(new URL(href, journey.baseUrl));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await shoot(page, 'product-1280');

    const old = (await api('/api/catalog/search?q=HE-60')).json as unknown as { parts: { _id: string }[] };
    const obsolete = await open(`/parts/${old.parts[0]?._id}`, PHONE);
    await obsolete.getByRole('heading', { name: 'This part cannot be ordered' }).waitFor();
    expect(await obsolete.getByLabel('Quantity (pcs)').count()).toBe(0);
    expect(await seriousAccessibilityProblems(obsolete)).toEqual([]);
    await shoot(obsolete, 'obsolete-375');
    await obsolete.getByRole('link', { name: 'Heating element 80 W (HE-80)' }).last().click();
    await obsolete.getByRole('heading', { level: 1, name: 'Heating element 80 W (HE-80)' }).waitFor();
    await obsolete.getByLabel('Quantity (pcs)').waitFor();
  });
});
