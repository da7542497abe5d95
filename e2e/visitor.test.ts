import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  appRunning,
  collectPageProblems,
  DESKTOP,
  holdTheApp,
  launchBrowser,
  PHONE,
  screenshot,
  seriousAccessibilityProblems,
} from './support/browser';
import { type RunningShop, startShop } from './support/shop-server';

let shop: RunningShop;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    // The operator the legal pages name, as production configures it.
    startShop({
      SELLER_LEGAL_NAME: 'Chattogram Tool Works Ltd',
      SELLER_ADDRESS: 'Plot 12, Kalurghat\\nChattogram 4208, Bangladesh',
      SELLER_EMAIL: 'office@tool-works.example',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function open(path: string, viewport = DESKTOP) {
  context = await browser.newContext({ viewport, baseURL: shop.baseUrl });
  page = await context.newPage();
  problems = collectPageProblems(page);
  await page.goto(path);
}
/** The browser reports a page's own 404 in its console: for an unknown path that one is expected. */
function acceptPageNotFound() {
  problems.splice(0, problems.length, ...problems.filter((problem) => !problem.includes('status of 404')));
}
afterEach(async () => {
  expect(problems, 'the page reported errors (CSP refusals show here too)').toEqual([]);
  await context?.close();
});

describe('a visitor', () => {
  it('reads a page the server rendered before the app runs; the app then takes it over and follows a tap', async () => {
    context = await browser.newContext({ viewport: PHONE, baseURL: shop.baseUrl });
    page = await context.newPage();
    problems = collectPageProblems(page);
    const release = await holdTheApp(page);
    await page.goto('/parts', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Tools' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(6);
    expect(await appRunning(page)).toBe(false);
    await page.evaluate(() => {
      (document.querySelector('main') as HTMLElement & { kept?: boolean }).kept = true;
    });
    // Once its scripts have loaded, the app takes the page over (React's hydration), without a touch.
    release();
    await expect.poll(() => appRunning(page)).toBe(true);
    // Taken over, not rendered again (a hydration error would have React render it anew, and
    // report it: see afterEach).
    expect(await page.evaluate(() => (document.querySelector('main') as { kept?: boolean }).kept)).toBe(true);
    await page.evaluate(() => {
      (window as { samePage?: boolean }).samePage = true;
    });
    // Its router follows the link (a visitor is sent on to sign in): the same page, not a new load.
    await page.getByRole('link', { name: 'Buy' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  });

  it('keeps the page where the visitor scrolled it, and what they typed, when the app takes over', async () => {
    await open('/', PHONE);
    await page.waitForLoadState('load');
    const email = page.getByRole('region', { name: 'Contact Us' }).getByLabel('Email');
    await email.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(1000);
    await email.click();
    await email.pressSequentially('buyer@factory.example');
    await expect.poll(() => appRunning(page)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await email.inputValue()).toBe('buyer@factory.example');
  });

  it('sees the sticky navbar, the footer and the home page with 6 parts and the reviews', async () => {
    await open('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect
      .poll(() => nav.getByRole('link', { name: 'Electronics Tools Manufacturers' }).count())
      .toBe(1);
    for (const name of ['Home', 'Blog', 'Tools', 'Portfolio', 'Login', 'Signup']) {
      expect(await nav.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await page.locator('header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');

    const tools = page.getByRole('region', { name: 'Tools' });
    await tools.getByRole('link', { name: 'Buy' }).first().waitFor();
    expect(await tools.getByRole('article').count()).toBe(6);
    expect(await tools.getByRole('link', { name: 'Buy' }).count()).toBe(6);
    await expect.poll(() => tools.getByText('$89 per piece').count()).toBe(1);
    expect(await tools.getByText('10 pcs').count()).toBeGreaterThan(0);
    // every picture is served by the shop and decodes
    await page.waitForFunction(() =>
      [...document.querySelectorAll('main img')]
        .slice(0, 3)
        .every((img) => (img as HTMLImageElement).naturalWidth > 0),
    );

    for (const figure of ['75M+', '150K+', '100+']) {
      expect(await page.getByText(figure, { exact: true }).isVisible()).toBe(true);
    }
    const reviews = page.getByRole('region', { name: 'Customer reviews' });
    await reviews.getByRole('article').first().waitFor();
    expect(await reviews.getByRole('article').count()).toBeGreaterThanOrEqual(6);

    expect(await page.getByLabel('Full Name').isVisible()).toBe(true);
    expect(await page.getByLabel('Describe').isVisible()).toBe(true);
    expect(await page.getByRole('checkbox').isVisible()).toBe(true);
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(2);

    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'About us' }).isVisible()).toBe(true);
    expect(await footer.textContent()).toContain(`Copyright © ${new Date().getFullYear()}`);

    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'home-desktop');
  });

  it('finds the home page at /home too, and the contact form checks its email', async () => {
    await open('/home');
    await page.getByRole('region', { name: 'Tools' }).getByRole('article').first().waitFor();
    const contact = page.getByRole('region', { name: 'Contact Us' });
    await contact.getByLabel('Email').fill('not-an-email');
    await contact.getByLabel('Message').fill('Do you ship to Dhaka?');
    await contact.getByRole('button', { name: 'Send' }).click();
    expect(await contact.getByLabel('Email').evaluate((el) => (el as HTMLInputElement).validity.valid)).toBe(
      false,
    );
  });

  it('browses the first 6 tools at /parts', async () => {
    await open('/parts');
    await page.getByRole('heading', { level: 1, name: 'Tools' }).waitFor();
    await page.getByRole('link', { name: 'Buy' }).first().waitFor();
    expect(await page.getByRole('main').getByRole('article').count()).toBe(6);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'parts-desktop');
  });

  it('reads the six blog articles with pictures at their fixed heights', async () => {
    await open('/blog');
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    const articles = page.getByRole('article');
    expect(await articles.count()).toBe(6);
    const heights = await page
      .locator('article img')
      .evaluateAll((imgs) => imgs.map((img) => Math.round(img.getBoundingClientRect().height)));
    expect(new Set(heights)).toEqual(new Set([500, 350, 600]));
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(6);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'blog-desktop');
  });

  it('sees the portfolio as a real table', async () => {
    await open('/portfolio');
    const table = page.getByRole('table');
    await table.waitFor();
    for (const section of ['Contact', 'Education', 'Projects', 'Technologies']) {
      expect(await table.getByRole('columnheader', { name: section }).count(), section).toBe(1);
    }
    expect(await table.getByRole('link').count()).toBeGreaterThan(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'portfolio-desktop');
  });

  it('meets the 404 page on an unknown path, with HTTP 404, and goes home from it', async () => {
    context = await browser.newContext({ viewport: DESKTOP, baseURL: shop.baseUrl });
    page = await context.newPage();
    problems = collectPageProblems(page);
    const answer = await page.goto('/no/such/page');
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await expect.poll(() => appRunning(page)).toBe(true);
    acceptPageNotFound();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'not-found-desktop');
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL(`${shop.baseUrl}/`);
    await page.getByRole('region', { name: 'Tools' }).waitFor();
  });

  it('reads the terms of sale, privacy notice and imprint from the footer, naming the operator, on a desktop and a phone', async () => {
    // Rendered on the server with the operator's details as configured.
    const sent = await (await fetch(`${shop.baseUrl}/imprint`)).text();
    expect(sent).toContain('Chattogram Tool Works Ltd');
    expect(sent).toContain('<span class="block">Chattogram 4208, Bangladesh</span>');
    expect(sent).toContain('office@tool-works.example');
    for (const viewport of [DESKTOP, PHONE]) {
      await open('/', viewport);
      const footer = page.getByRole('contentinfo');
      for (const [name, path, heading] of [
        ['Terms of sale', '/terms', 'Terms of sale'],
        ['Privacy notice', '/privacy', 'Privacy notice'],
        ['Imprint', '/imprint', 'Imprint'],
      ] as const) {
        await expect.poll(() => appRunning(page)).toBe(true);
        await footer.getByRole('link', { name, exact: true }).click();
        await page.waitForURL(`${shop.baseUrl}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByText('Chattogram Tool Works Ltd').first().waitFor();
        expect(await seriousAccessibilityProblems(page)).toEqual([]);
        await screenshot(page, `legal${path.replace('/', '-')}-${viewport.width}`);
      }
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await context.close();
    }
  });

  it('uses the shop on a phone: the menu opens the navigation', async () => {
    await open('/', PHONE);
    await page.getByRole('region', { name: 'Tools' }).getByRole('article').first().waitFor();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'home-phone');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Blog' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await screenshot(page, 'blog-phone');
    for (const path of ['/parts', '/portfolio', '/nope']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(page, `${path.slice(1)}-phone`);
    }
    acceptPageNotFound();
  });
});
