import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

const admin = { email: 'catalog-admin@parts-shop.example', password: 'admin-password-2' };
const buyer = {
  name: 'Sultana Electronics',
  email: 'sultana@electronics.example',
  password: 'buyer-password-2',
};

const journey = journeys({ env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password } });
const { open, signedIn } = journey;

beforeAll(async () => {
  const res = await fetch(`${journey.baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(buyer),
  });
  expect(res.status).toBe(201);
});

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

describe('an admin managing the catalog', () => {
  it('is told each missing field in docs/product.md words, adds a product with its picture, finds it and deletes it', async () => {
    const page = await signedIn('/dashboard/add-product', admin);
    await page.getByRole('heading', { level: 1, name: 'Add Product' }).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    for (const message of [
      'Enter a product name !',
      'Enter a short description !',
      'Enter a min quantity number !',
      'Enter a available quantity number !',
      'Enter the price of product !',
      'Enter an image !',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'add-product-errors-desktop');

    const name = 'Bench Power Supply 30 V 5 A';
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('Linear bench supply with two outputs and current limiting.');
    await page.getByLabel('Min Quantity').fill('4');
    await page.getByLabel('Available Quantity').fill('120');
    await page.getByLabel('Price').fill('149');
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    await page.getByLabel('Image').setInputFiles({ name: 'supply.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await toast(page, 'Product added successfully').waitFor();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('');

    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Manage Product' })
      .click();
    await page.getByLabel('Search by name').fill('bench power');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    // The picture went through the shop's upload and decodes.
    await expect
      .poll(() => row.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await row.locator('img').getAttribute('src')).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'manage-product-desktop');

    // Restock it and change its price; the picture stays.
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(name);
    await page.getByLabel('Available Quantity').fill('300');
    await page.getByLabel('Price').fill('139');
    await screenshot(page, 'edit-product-desktop');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Product updated').waitFor();
    await page.getByLabel('Search by name').fill('bench power');
    await row.getByText('$139').waitFor();
    await row.getByText('300 pcs').waitFor();
    expect(await row.locator('img').getAttribute('src')).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('No part matches.').waitFor();

    // The deletion is in the audit log, with what the part was.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Activity' }).click();
    const entry = page.getByRole('row').filter({ hasText: 'Part deleted' }).first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain(admin.email);
    expect(await entry.textContent()).toContain(name);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'activity-desktop');
    await page.goBack();
    await page.getByLabel('Search by name').waitFor();
    await page.getByLabel('Search by name').fill('');
    await page.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('row').filter({ hasText: name }).count()).toBe(0);
  });

  it('pages through the catalog on a phone', async () => {
    const page = await signedIn('/dashboard/manage-product', admin, PHONE);
    await page.getByRole('heading', { level: 1, name: 'Manage Product' }).waitFor();
    await page.getByText(/Page 1 of \d+/).waitFor();
    const first = await page.getByRole('row').nth(1).textContent();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/Page 2 of \d+/).waitFor();
    expect(await page.getByRole('row').nth(1).textContent()).not.toBe(first);
    await screenshot(page, 'manage-product-phone');
  });
});

describe('a buyer writing a review', () => {
  it('sends it with the name prefilled and sees it first on the home page, as text', async () => {
    const page = await signedIn('/dashboard/add-review', buyer);
    await page.getByRole('heading', { level: 1, name: 'Add Review' }).waitFor();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(buyer.name);
    const rating = page.getByLabel('Rating');
    expect(await rating.getAttribute('type')).toBe('number');
    await page.getByText('0 to 5', { exact: true }).waitFor();
    await rating.fill('5');
    const message = 'Fast delivery of 500 probes. <img src=x onerror="window.hacked=1"> Recommended!';
    await page.getByLabel('Message').fill(message);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'add-review-desktop');
    await page.getByRole('button', { name: 'Add Review' }).click();
    await toast(page, 'Thank you for your Review.').waitFor();

    await page.getByRole('link', { name: 'Home' }).first().click();
    const reviews = page.getByRole('region', { name: 'Customer reviews' });
    const first = reviews.getByRole('article').first();
    await first.getByText(message, { exact: true }).waitFor();
    expect(await first.getByRole('heading').textContent()).toBe(buyer.name);
    expect(await first.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  });

  it('is told the rating must be a whole number', async () => {
    const page = await signedIn('/dashboard/add-review', buyer);
    await page.getByLabel('Message').fill('Good');
    await page.getByRole('button', { name: 'Add Review' }).click();
    await page.getByText('Rating must be a whole number').waitFor();
  });
});

describe('a visitor writing to the shop', () => {
  it('sends the Contact Us form and the complaints box; an admin reads both in Messages', async () => {
    const page = await open('/');
    const contact = page.getByRole('region', { name: 'Contact Us' });
    await contact.getByLabel('Email').fill('visitor@factory.example');
    await contact.getByLabel('Message').fill('Can you quote 2,000 crimping tools?');
    await contact.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Thank you! We will write back soon.').waitFor();
    await expect.poll(() => contact.getByLabel('Message').inputValue()).toBe('');

    const box = page.getByRole('region', { name: 'Complaints and suggestions' });
    await box.getByLabel('Full Name').fill('Nasir Hossain');
    await box.getByLabel('Describe').fill('Please add a Bangla manual to the multimeter.');
    await box.getByRole('checkbox').check();
    await box.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Thank you! We read every suggestion.').waitFor();
    await expect.poll(() => box.getByRole('checkbox').isChecked()).toBe(false);

    const inbox = await signedIn('/dashboard/messages', admin);
    await inbox.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await inbox.getByRole('row').filter({ hasText: 'Can you quote 2,000 crimping tools?' }).waitFor();
    await inbox.getByRole('row').filter({ hasText: 'Nasir Hossain' }).waitFor();
    expect(await seriousAccessibilityProblems(inbox)).toEqual([]);
    await screenshot(inbox, 'messages-desktop');
  });
});
