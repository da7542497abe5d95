import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cutOffOnScreen, PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

const buyer = { name: 'Sylhet Board Works', email: 'boards@sylhet.example', password: 'buyer-password-7' };
const { signedIn, api } = journeys();

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
});

/** A BOM as a buyer's CAD tool writes it: a tip by its number, test leads written otherwise, a die nobody can find by its number. */
const BOM_CSV = [
  'Designator,MPN,Qty,Description',
  'R1,T-24C,2,Tip',
  'L1,tl 1000,1,Test leads',
  'X1,CDIE-6,1,',
].join('\r\n');

async function uploadBom(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Bill of materials' }).waitFor();
  await page.getByLabel('Drop a CSV or XLSX file here, or choose one').setInputFiles({
    name: 'controller-board.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(BOM_CSV),
  });
  await page.getByLabel('Boards').fill('5');
  await page.getByRole('button', { name: 'Read BOM' }).click();
  await page.getByRole('cell', { name: 'Soldering tip, chisel 2.4 mm (T-24C)' }).first().waitFor();
}

/** The table's row of a BOM row. */
const bomRow = (page: Page, row: number) => page.locator(`tr[data-row="${row}"]`);

describe('a buyer turning a bill of materials into an order', () => {
  it('uploads a CSV, fixes the line it could not match and orders every line', async () => {
    const page = await signedIn('/dashboard', buyer);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Bill of materials' })
      .click();
    await uploadBom(page);

    // The columns found by their headings.
    const columns = page.getByRole('form', { name: 'Columns' });
    expect(await columns.getByLabel('Part number').inputValue()).toBe('MPN');
    expect(await columns.getByLabel('Quantity per board').inputValue()).toBe('Qty');
    expect(await columns.getByLabel('Reference (designators)').inputValue()).toBe('Designator');

    // 2 a board × 5 boards; the leads' number written otherwise, raised to their minimum (5).
    await bomRow(page, 2).getByText('Ready').waitFor();
    await bomRow(page, 3).getByRole('link', { name: 'Test lead set 1000 V CAT III (TL-1000)' }).waitFor();
    expect(await bomRow(page, 3).getByText('written otherwise').count()).toBe(1);
    await bomRow(page, 4).getByText('Not found').waitFor();
    await page.getByText('2 matched').waitFor();
    await screenshot(page, 'bom-1280');

    // Fixed by typing the die's number.
    await page.getByLabel('Part number or id for row 4').fill('cd 06');
    await page.getByRole('button', { name: 'Use it for row 4' }).click();
    await bomRow(page, 4)
      .getByRole('link', { name: /\(CD-06\)$/ })
      .waitFor();
    await page.getByText('3 matched').waitFor();
    await screenshot(page, 'bom-fixed-1280');

    await page.getByRole('button', { name: 'Order these (3)' }).click();
    await page.waitForURL(/\/order$/);
    for (const name of [
      'Soldering tip, chisel 2.4 mm (T-24C)',
      'Test lead set 1000 V CAT III (TL-1000)',
      /\(CD-06\)$/,
    ])
      await page.getByRole('link', { name }).first().waitFor();
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.order-builder') ?? '[]'));
    expect(
      kept.map((line: { quantity: number }) => line.quantity).sort((a: number, b: number) => a - b),
    ).toEqual([5, 5, 10]);
  });

  it('remembers the columns the buyer chose, and reads on a phone as cards', async () => {
    const page = await signedIn('/bom', buyer, PHONE);
    await uploadBom(page);
    const columns = page.getByRole('form', { name: 'Columns' });
    await columns.getByLabel('Description').selectOption('Designator');
    await columns.getByRole('button', { name: 'Read with these columns' }).click();
    await bomRow(page, 2).getByText('Tip', { exact: false }).first().waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('shop.bom-mapping.'))),
      )
      .toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await cutOffOnScreen(page, 'tbody td')).toEqual([]);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'bom-375');

    // The next BOM is read with the remembered columns.
    await page.reload();
    await uploadBom(page);
    expect(await page.getByRole('form', { name: 'Columns' }).getByLabel('Description').inputValue()).toBe(
      'Designator',
    );
  });
});
