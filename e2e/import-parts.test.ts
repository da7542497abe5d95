import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

const admin = { email: 'import-admin@parts-shop.example', password: 'admin-password-4' };

const journey = journeys({
  env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password },
  // A refused file answers 422 on purpose.
  expectedProblems: /status of 422/,
});
const { signedIn } = journey;

const HEADER = 'name,desc,img,min_order_quantity,available_quantity,price_per_piece';
let img: string;

beforeAll(async () => {
  // A picture the shop serves itself (no outside host is reachable).
  const [demo] = (await (await fetch(`${journey.baseUrl}/api/parts?limit=1`)).json()) as { img: string }[];
  img = demo?.img ?? '';
});

/** Three parts; the second spans two lines (a quoted line break), so the third starts on line 5. */
const partsFile = (thirdPrice: string, thirdName = 'Anti-Static Tweezers Set') =>
  `${HEADER}\r\n` +
  `Thermal Paste Syringe 30 g,"Silver compound, 8.5 W/mK",${img},20,400,4\r\n` +
  `"Kapton Tape 20 mm","Polyimide tape\r\nfor reflow masking",${img},10,900,3\r\n` +
  `${thirdName},ESD-safe stainless steel,${img},5,250,${thirdPrice}\r\n`;

async function chooseAndUpload(page: Page, name: string, content: string): Promise<void> {
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
  await page.getByRole('button', { name: 'Upload' }).click();
}

const refusedRows = (page: Page) => page.getByRole('table', { name: 'Rows refused' });

describe('an admin adding parts from a CSV file', () => {
  it('sees the refused rows of a file with a mistake, then adds the fixed file', async () => {
    const page = await signedIn('/dashboard/manage-product', admin);
    await page.getByRole('heading', { level: 1, name: 'Manage Product' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Add parts from CSV' }).waitFor();

    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download a template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('parts-template.csv');
    const templateText = Buffer.concat(await (await template.createReadStream()).toArray()).toString('utf8');
    expect(templateText).toBe(`${HEADER}\r\n`);

    await chooseAndUpload(page, 'parts.csv', partsFile('0', '"=HYPERLINK(""http://evil.example"")"'));
    await page.getByRole('alert').filter({ hasText: '1 of 3 rows was refused; nothing was added' }).waitFor();
    const report = refusedRows(page);
    expect(await report.getByRole('row').count()).toBe(3);
    const nameRow = report.getByRole('row').filter({ hasText: 'formula' });
    expect(await nameRow.getByRole('cell').allTextContents()).toEqual(['5', 'name', expect.any(String)]);
    const priceRow = report.getByRole('row').filter({ hasText: 'price_per_piece' });
    expect(await priceRow.getByRole('cell').allTextContents()).toEqual([
      '5',
      'price_per_piece',
      'must be at least 1',
    ]);
    // Nothing of the file was added.
    await page.getByLabel('Search by name').fill('Kapton');
    await page.getByText('No part matches.').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'import-parts-refused-desktop');

    await chooseAndUpload(page, 'parts-fixed.csv', partsFile('6'));
    await page.getByRole('alert').filter({ hasText: '3 parts added' }).waitFor();
    expect(await refusedRows(page).count()).toBe(0);
    // The list is fetched again: the part the search was looking for is there now.
    await page.getByRole('row').filter({ hasText: 'Kapton Tape 20 mm' }).waitFor();
    await screenshot(page, 'import-parts-added-desktop');
    await page.getByLabel('Search by name').fill('Tweezers Set');
    await page.getByRole('row').filter({ hasText: 'Anti-Static Tweezers Set' }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
  });

  it('reads the report on a phone', async () => {
    const page = await signedIn('/dashboard/manage-product', admin, PHONE);
    await page.getByRole('heading', { level: 1, name: 'Manage Product' }).waitFor();
    await chooseAndUpload(
      page,
      'broken.csv',
      `${HEADER}\nSolder Wick 2 mm,Copper braid,${img},5\n"Unclosed,x\n`,
    );
    await page.getByRole('alert').filter({ hasText: 'could not be read from line 3 on' }).waitFor();
    expect(await refusedRows(page).getByRole('row').count()).toBe(3);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'import-parts-refused-phone');
    await chooseAndUpload(page, 'fixed.csv', `${HEADER}\nSolder Wick 2 mm,Copper braid,${img},5,80,2\n`);
    await page.getByRole('alert').filter({ hasText: '1 part added' }).waitFor();
    await page.getByLabel('Search by name').fill('Solder Wick');
    await page.getByRole('row').filter({ hasText: 'Solder Wick 2 mm' }).waitFor();
    await screenshot(page, 'import-parts-added-phone');
  });

  it('is told about a wrong header or a file that is too large before anything is added', async () => {
    const page = await signedIn('/dashboard/manage-product', admin);
    await page.getByRole('heading', { level: 1, name: 'Manage Product' }).waitFor();
    await chooseAndUpload(page, 'colour.csv', `${HEADER},colour\n`);
    await page.getByRole('alert').filter({ hasText: 'unknown column "colour"' }).waitFor();
    expect(await refusedRows(page).count()).toBe(0);
    await chooseAndUpload(page, 'huge.csv', `${HEADER}\n${'x'.repeat(1024 * 1024)}\n`);
    await page.getByRole('alert').filter({ hasText: 'The file is larger than 1 MiB' }).waitFor();
  });
});
