import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';

/**
 * Debian's Chromium; the flags keep it from reaching for the network it does not have.
 * `hostRules` (`--host-resolver-rules`) lets a journey give the shop a name of its own.
 */
export function launchBrowser(hostRules?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...(hostRules ? [`--host-resolver-rules=${hostRules}`] : []),
    ],
  });
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 812 };

const artifacts = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/** Saves a full-page screenshot as a test artifact. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
}

/** Problems the page reported: script errors and anything the CSP refused. */
export function collectPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // Leaving a page cancels what it was still loading: that is no problem.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`request failed: ${request.url()} (on ${page.url()})`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (on ${page.url()})`);
  });
  return problems;
}

/** axe-core's serious and critical findings on the page as it is now. */
export async function seriousAccessibilityProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Holds the app's scripts back until the returned function is called: what shows is what the server sent. */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether the app runs on the page (it has taken the page over, or rendered it). */
export const appRunning = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.app === 'running');
