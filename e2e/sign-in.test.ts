import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

const admin = { email: 'owner@parts-shop.example', password: 'admin-password-1' };
const buyer = { name: 'Rahim Traders', email: 'rahim@traders.example', password: 'buyer-password-1' };

const journey = journeys({
  env: { SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password },
  // A refused call is a console error in Chromium; these journeys cause some on purpose.
  expectedProblems: /status of 40/,
});
const { open, logIn } = journey;

/** A page of the shop's home, where the login page sends `who` once signed in. */
async function loggedIn(who: { email: string; password: string }): Promise<Page> {
  const page = await open('/login');
  await logIn(page, who);
  await page.waitForURL(`${journey.baseUrl}/`);
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function dashboardLinks(page: Page): Promise<string[]> {
  await sidebar(page).getByRole('link', { name: 'My Profile' }).waitFor();
  return sidebar(page).getByRole('link').allTextContents();
}

describe('signing in', () => {
  it('sends a visitor from the dashboard to login, signs up from there and lands back on the dashboard', async () => {
    const page = await open('/dashboard');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
    // Google sign-in comes back to the page asked for, too.
    expect(await page.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe(
      '/api/auth/google?from=%2Fdashboard',
    );
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'login-desktop');

    await page.getByRole('link', { name: 'Create New Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.getByLabel('Name').fill(buyer.name);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password').fill(buyer.password);
    await screenshot(page, 'signup-desktop');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    expect(await nav(page).getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
    expect(await nav(page).getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expect(await nav(page).getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
    expect(await dashboardLinks(page)).toEqual([
      'My Profile',
      'My Order',
      'Lists',
      'Bill of materials',
      'My Tools',
      'My Part Numbers',
      'My Quotes',
      'Company',
      'API keys',
      'Webhooks',
      'Add Review',
    ]);
  });

  it('refuses a taken email and a wrong password in red above the button', async () => {
    const page = await open('/signup');
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Email').fill(buyer.email.toUpperCase());
    await page.getByLabel('Password').fill('another-password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const taken = page.getByRole('alert');
    await taken.waitFor();
    expect(await taken.textContent()).toMatch(/already/i);

    await page.goto('/login');
    await logIn(page, { email: buyer.email, password: 'not-the-password' });
    const wrong = page.getByRole('alert');
    await wrong.waitFor();
    const message = await wrong.textContent();
    // Red: the colour as the screen shows it, whatever colour space the style sheet uses.
    const [red, green, blue] = await wrong.evaluate((el) => {
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.fillStyle = getComputedStyle(el).color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data];
    });
    expect(red).toBeGreaterThan(150);
    expect(red).toBeGreaterThan((green ?? 0) + 60);
    expect(red).toBeGreaterThan((blue ?? 0) + 60);
    // The error sits above the button.
    const errorBox = await wrong.boundingBox();
    const buttonBox = await page.getByRole('button', { name: 'Login', exact: true }).boundingBox();
    expect(errorBox && buttonBox && errorBox.y < buttonBox.y).toBe(true);
    await logIn(page, { email: 'nobody@nowhere.example', password: 'not-the-password' });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(message);
    await screenshot(page, 'login-error-desktop');
  });

  it('logs out, logs in again and lands on the page it asked for', async () => {
    const page = await loggedIn(buyer);
    // The home page loaded afresh arrives rendered for a visitor; the stored sign-in starts the
    // app without a touch, and the bar shows the buyer's links.
    await page.reload();
    await nav(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav(page).getByRole('link', { name: 'Login' }).count()).toBe(0);
    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await nav(page).getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    await page.goto('/dashboard/my-order');
    await page.waitForURL('**/login');
    await logIn(page, buyer);
    await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
    expect(pathOf(page)).toBe('/dashboard/my-order');
  });

  it('keeps a buyer signed in when the access token has run out, by refreshing it', async () => {
    const page = await loggedIn(buyer);
    const expired = `x.${Buffer.from(JSON.stringify({ exp: 1 })).toString('base64url')}.y`;
    await page.evaluate((token) => localStorage.setItem('accessToken', token), expired);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(buyer.email);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe(expired);
  });

  it('updates the mobile number on My Profile, the only field to edit', async () => {
    const page = await loggedIn(buyer);
    await page.goto('/dashboard');
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(buyer.name);
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Role').inputValue()).toBe('user');
    const mobile = page.getByLabel('Mobile');
    expect(await mobile.getAttribute('placeholder')).toBe('+880');
    const update = page.getByRole('button', { name: 'Update' });
    expect(await update.isDisabled()).toBe(true);
    await mobile.fill('+880 1712 345678');
    await expect.poll(() => update.isEnabled()).toBe(true);
    await update.click();
    await page.getByText('Updated', { exact: true }).waitFor();
    await expect.poll(() => update.isDisabled()).toBe(true);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'profile-desktop');
    await page.reload();
    await expect.poll(() => page.getByLabel('Mobile').inputValue()).toBe('+880 1712 345678');
  });

  it('sends a buyer whose sign-in this browser no longer holds to Login', async () => {
    const page = await loggedIn(buyer);
    // The sign-in gone from this browser's storage.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(await page.getByText(buyer.email).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).not.toBe(buyer.email);
  });

  it('signs a buyer out who opens an admin page', async () => {
    const page = await loggedIn(buyer);
    await page.goto('/dashboard/make-admin');
    await page.waitForURL('**/login');
    await nav(page).getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});

describe('an admin', () => {
  it('sees the admin links, is kept from buyer pages and makes the buyer an admin', async () => {
    const page = await loggedIn(admin);
    await page.goto('/dashboard');
    expect(await dashboardLinks(page)).toEqual([
      'My Profile',
      'Overview',
      'Manage All Order',
      'Quotes',
      'Companies',
      'Tool models',
      'Add Product',
      'Make Admin',
      'Manage Product',
      'Categories',
      'Messages',
      'Activity',
    ]);
    await page.goto('/dashboard/add-review');
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');

    await sidebar(page).getByRole('link', { name: 'Make Admin' }).click();
    const row = page.getByRole('row').filter({ hasText: buyer.email });
    await row.getByRole('button', { name: /Make Admin/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'no' }).isVisible()).toBe(true);
    await screenshot(page, 'make-admin-confirm-desktop');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await row.getByText('Admin', { exact: true }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: admin.email }).getByText('Admin').count()).toBe(1);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'make-admin-desktop');
    await page.goto('/purchase/any-part');
    await page.waitForURL('**/login');
  });

  it('the promoted buyer now gets the admin dashboard, on a phone behind Open Sidebar', async () => {
    const page = await open('/login', PHONE);
    await logIn(page, buyer);
    await page.waitForURL(`${journey.baseUrl}/`);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    expect(await sidebar(page).getByRole('link', { name: 'Make Admin' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Open Sidebar' }).isVisible()).toBe(true);
    await screenshot(page, 'dashboard-phone');
    await page.getByRole('button', { name: 'Open Sidebar' }).click();
    await sidebar(page).getByRole('link', { name: 'Make Admin' }).click();
    await page.getByRole('heading', { level: 1, name: 'Make Admin' }).waitFor();
    await page.getByRole('row').filter({ hasText: buyer.email }).waitFor();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'make-admin-phone');
  });

  it('is signed out with "{status text} Access!!! Please Login again" when the users list is refused', async () => {
    const page = await loggedIn(admin);
    // The list is paged: its call carries ?limit=…&offset=….
    await page.route('**/api/users?*', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'forbidden', message: 'Admins only' } }),
      }),
    );
    await page.goto('/dashboard/make-admin');
    await page.getByText('Forbidden Access!!! Please Login again').waitFor();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});
