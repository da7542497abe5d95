import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

const buyer = { name: 'Padma Rework Services', email: 'rework@padma.example', password: 'buyer-password-7' };
const admin = { email: 'tools-admin@parts-shop.example', password: 'admin-password-7' };
const journey = journeys({ env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password } });
const { signedIn, api } = journey;

interface DemoTool {
  _id: string;
  name: string;
  model: string;
}
let station: DemoTool;
let crimper: DemoTool;

interface DemoPart {
  name: string;
  price_per_piece: number;
  available_quantity: number;
  min_order_quantity: number;
}
/** A demo part as the catalog sells it now, found by its number (the demo data decides its price). */
const partNumbered = async (mpn: string) =>
  ((await api(`/api/catalog/search?q=${mpn}`)).json as unknown as { parts: DemoPart[] }).parts[0] as DemoPart;
/** What the fleet's action orders of a part: its pieces for all the tools, at least its minimum. */
const fleetQuantity = async (mpn: string, pieces: number) =>
  String(Math.max(pieces, (await partNumbered(mpn)).min_order_quantity));
/** "1,500" as the pages write whole numbers. */
const grouped = (n: number) => n.toLocaleString('en-US');

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  const found = async (model: string) =>
    ((await api(`/api/tools?q=${model}`)).json as unknown as DemoTool[])[0] as DemoTool;
  station = await found('ds80');
  crimper = await found('ct06r');
  expect(station.model).toBe('DS-80');
  expect(crimper.model).toBe('CT-06.R');
});

/** Screenshots for a person to look at (not compared). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/shots-tools/${name}.png`, fullPage: true });
const quantityOf = (page: Page, name: string) =>
  page.getByRole('textbox', { name: `Quantity of ${name}` }).inputValue();

describe('a buyer finding spare parts by their tool', () => {
  it('opens a tool, chooses a position on its drawing by keyboard and adds the part to the order builder', async () => {
    const page = await signedIn('/tools', buyer);
    await page.getByRole('heading', { level: 1, name: 'Tool models' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(4);
    await shot(page, 'tools-1280');
    await page.getByRole('link', { name: station.name }).click();
    await page.getByRole('heading', { level: 1, name: station.name }).waitFor();

    const tip = page.getByRole('button', {
      name: 'Position 1: Soldering tip, chisel 2.4 mm (T-24C)',
      exact: true,
    });
    await tip.focus();
    await page.keyboard.press('Enter');
    expect(await tip.getAttribute('aria-pressed')).toBe('true');
    const chosen = page.getByRole('complementary', { name: 'Chosen part' });
    await chosen.getByRole('heading', { name: 'Soldering tip, chisel 2.4 mm (T-24C)' }).waitFor();
    const tipPart = await partNumbered('T-24C');
    await chosen.getByText(`$${grouped(tipPart.price_per_piece)} per piece`).waitFor();
    await chosen
      .getByText(`${grouped(tipPart.available_quantity)} pcs`)
      .first()
      .waitFor();
    // The next position is one Tab away, and Space chooses it as well.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await chosen.getByRole('heading', { name: 'Heating element 80 W (HE-80)' }).waitFor();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await chosen
      .getByRole('button', { name: `Add ${tipPart.min_order_quantity} pcs to order builder` })
      .focus();
    await page.keyboard.press('Enter');
    await chosen.getByRole('status').getByText('Added to your order builder.').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await shot(page, 'tool-1280');

    await chosen.getByRole('link', { name: 'See your order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order' }).waitFor();
    expect(await quantityOf(page, 'Soldering tip, chisel 2.4 mm (T-24C)')).toBe(
      String(tipPart.min_order_quantity),
    );

    // The part's own page names the tool it fits, and its position there.
    await page.getByRole('link', { name: 'Soldering tip, chisel 2.4 mm (T-24C)' }).first().click();
    const fits = page.getByRole('region', { name: 'Fits' });
    await fits.getByRole('link', { name: `${station.name} (DS-80)` }).waitFor();
    expect(await fits.textContent()).toContain('position 1');
  });

  it("puts the wear parts of the buyer's whole fleet in the order builder, quantities multiplied", async () => {
    const page = await signedIn('/dashboard/my-tools', buyer);
    await page.getByRole('heading', { level: 1, name: 'My Tools' }).waitFor();
    await page.getByText('No tools yet: add the tools you own above.').waitFor();
    const add = async (model: string, serial: string, count: string) => {
      await page.getByLabel('Find by model number').fill(model);
      await expect.poll(() => page.getByLabel('Tool model').locator('option').count()).toBe(1);
      await page.getByLabel('Serial number (optional)').fill(serial);
      await page.getByLabel('How many').fill(count);
      await page.getByRole('button', { name: 'Add tool', exact: true }).click();
      await page.getByRole('row').filter({ hasText: serial }).waitFor();
    };
    await add('DS 80', 'DS80-000117', '12');
    await add('ct-06', 'CT-2291', '3');
    expect(await page.getByRole('row').count()).toBe(3);
    await page.getByRole('button', { name: 'Add wear parts of the fleet to the order builder' }).click();
    await page.getByText('Added 5 wear parts to your order builder.').waitFor();
    await shot(page, 'fleet-1280');

    await page.getByRole('link', { name: 'See your order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order' }).waitFor();
    // 12 stations: a tip, a heating element and a sponge each; 3 crimpers: a die set and two
    // return springs each. Each at least its part's minimum.
    expect(await quantityOf(page, 'Soldering tip, chisel 2.4 mm (T-24C)')).toBe(
      await fleetQuantity('T-24C', 12),
    );
    expect(await quantityOf(page, 'Heating element 80 W (HE-80)')).toBe(await fleetQuantity('HE-80', 12));
    expect(await quantityOf(page, 'Cleaning sponge (CS-60)')).toBe(await fleetQuantity('CS-60', 12));
    expect(await quantityOf(page, 'Crimp die set 0.5–6 mm² (CD-06)')).toBe(await fleetQuantity('CD-06', 3));
    expect(await quantityOf(page, 'Return spring (RS-06)')).toBe(await fleetQuantity('RS-06', 6));

    await page.goto('/dashboard/my-tools');
    await page
      .getByRole('button', { name: `Remove ${crimper.name} (${crimper.model}), serial number CT-2291` })
      .click();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
  });

  it('an admin places a hotspot by clicking on the drawing', async () => {
    const page = await signedIn('/dashboard/tools', admin);
    await page.getByRole('button', { name: `Edit ${crimper.name}` }).click();
    const drawing = page.getByRole('img', { name: /click to place a hotspot/ });
    await drawing.waitFor();
    await page.getByLabel('Part of the next hotspot (click on the drawing to place it)').selectOption({
      label: '3: Ratchet pawl (RP-06)',
    });
    await drawing.click({ position: { x: 20, y: 20 } });
    await page.getByRole('textbox', { name: 'Position of hotspot 6' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Position of hotspot 6' }).inputValue()).toBe('3');
    await shot(page, 'admin-tool-1280');
    await page.getByRole('button', { name: 'Save tool model' }).click();
    await page.getByRole('alert').filter({ hasText: 'Tool model saved' }).waitFor();
    await page.getByRole('button', { name: 'Add a tool model' }).waitFor();
    const tool = (await api(`/api/tools/${crimper._id}`)).json as unknown as {
      diagrams: { hotspots: { label: string; x: number; y: number }[] }[];
    };
    const placed = tool.diagrams[0]?.hotspots.at(-1);
    expect(placed?.label).toBe('3');
    expect(placed?.x).toBeLessThan(0.1);
    expect(placed?.y).toBeLessThan(0.1);
  });

  it("an admin moves a line of the station's parts list by keyboard, and the tool keeps the list's order", async () => {
    const listOf = async () =>
      (
        (await api(`/api/tools/${station._id}`)).json as unknown as { parts: { partsName: string }[] }
      ).parts.map((part) => part.partsName);
    const before = await listOf();
    expect(before.length).toBeGreaterThan(3);
    const last = before.at(-1) as string;
    const page = await signedIn('/dashboard/tools', admin);
    await page.getByRole('button', { name: `Edit ${station.name}` }).click();
    const down = page.getByRole('button', { name: `Move ${before[0]} down` });
    expect(await page.getByRole('button', { name: `Move ${before[0]} up` }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `Move ${last} down` }).isDisabled()).toBe(true);
    // Up twice by keyboard: the focus stays on the line moved.
    await page.getByRole('button', { name: `Move ${last} up` }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Move ${last} up`,
    );
    // The first line down to the end: there its Down is disabled, so its Up has the focus.
    await down.focus();
    for (let i = 1; i < before.length; i++) await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Move ${before[0]} up`,
    );
    await shot(page, 'admin-tool-order-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'admin-tool-order-375');
    await page.getByRole('button', { name: 'Save tool model' }).click();
    await page.getByRole('alert').filter({ hasText: 'Tool model saved' }).waitFor();
    const [first, ...rest] = before;
    expect(await listOf()).toEqual([...rest.slice(0, -3), last, ...rest.slice(-3, -1), first]);
  });

  it('reads well on a phone', async () => {
    const page = await signedIn('/tools', buyer, PHONE);
    const noSidewaysScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    await page.getByRole('heading', { level: 1, name: 'Tool models' }).waitFor();
    await noSidewaysScroll();
    await shot(page, 'tools-375');
    await page.goto(`/tools/${station._id}`);
    await page.getByRole('button', { name: /^Position 6:/ }).click();
    await page
      .getByRole('complementary', { name: 'Chosen part' })
      .getByRole('heading', { name: 'Cleaning sponge (CS-60)' })
      .waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await noSidewaysScroll();
    await shot(page, 'tool-375');
    await page.goto('/dashboard/my-tools');
    await page.getByRole('row').nth(1).waitFor();
    await noSidewaysScroll();
    await shot(page, 'fleet-375');
  });
});
