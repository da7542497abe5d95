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
    if (message.type() !== 'error') return;
    // A refused call's message names no address: its location does.
    const from = message.location().url;
    const where = from && from !== page.url() ? ` [${from}]` : '';
    problems.push(`console: ${message.text()}${where} (on ${page.url()})`);
  });
  return problems;
}

/**
 * axe-core's serious and critical findings on the page as it settles, with the check that a
 * control's visible words are within its name (WCAG 2.5.3; axe still calls it experimental and
 * leaves it off): a person using voice control says what they see.
 *
 * A page may change under the scan: the app takes a server-rendered page over and enables its
 * buttons, which fade into their colours for 0.2 s. A finding counts when it holds once the
 * page has settled: when a scan finds something, the page is given half a second with no
 * transition running, and the scan after that is the answer.
 */
export async function seriousAccessibilityProblems(page: Page): Promise<string[]> {
  const first = await scanOnce(page);
  if (first.length === 0) return first;
  await page.waitForTimeout(500);
  return scanOnce(page);
}

async function scanOnce(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * What a reader of the page as it is now cannot see whole, among the elements `selector` finds
 * (those drawn; not those kept for screen readers alone, 1 px wide): each one that reaches past
 * the screen's sides, is cut by a box that scrolls or clips it, is covered by another element
 * (a column kept in view over the cells it passes), or whose content is wider or taller than
 * its box (text cut off, or spilling over its neighbours). Each problem names the element and its text.
 */
export function cutOffOnScreen(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const name = (element: Element) =>
      `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)}"`;
    const outside = (inner: DOMRect, outer: { left: number; right: number; top: number; bottom: number }) =>
      inner.left < outer.left - 0.5 ||
      inner.right > outer.right + 0.5 ||
      inner.top < outer.top - 0.5 ||
      inner.bottom > outer.bottom + 0.5;
    const problems: string[] = [];
    const scrolled = window.scrollY;
    for (const element of document.querySelectorAll(selector)) {
      // An SVG's parts are the picture's, not boxes of text.
      if (!(element instanceof HTMLElement)) continue;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      let box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const clipping = [];
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clipping.push(up);
      }
      const clipper = clipping.find((up) => outside(box, up.getBoundingClientRect()));
      // Cut by a box of 1 px: kept for screen readers alone (the headings of a table shown as cards).
      const frame = clipper?.getBoundingClientRect();
      if (frame && (frame.width <= 1 || frame.height <= 1)) continue;
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
        problems.push(`${name(element)} reaches past the screen's sides`);
        continue;
      }
      if (clipper) {
        problems.push(`${name(element)} is cut by ${name(clipper).slice(0, 20)}…, which scrolls or clips it`);
        continue;
      }
      // Its own content, not a badge placed over its corner, wider or taller than its box.
      const placed = [...element.querySelectorAll<HTMLElement>('*')].filter((inner) =>
        ['absolute', 'fixed'].includes(getComputedStyle(inner).position),
      );
      const displays = placed.map((inner) => inner.style.display);
      for (const inner of placed) inner.style.display = 'none';
      const wider = element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1;
      const taller = element.clientHeight > 0 && element.scrollHeight > element.clientHeight + 1;
      placed.forEach((inner, i) => {
        inner.style.display = displays[i] ?? '';
      });
      if (wider || taller) {
        problems.push(`${name(element)}: its content is ${wider ? 'wider' : 'taller'} than its box`);
        continue;
      }
      // A run of text (a link in a sentence) is not one box: only boxes are looked at.
      if (getComputedStyle(element).display === 'inline') continue;
      // Covered: in the middle of the screen (away from the sticky bar), is it what shows at its
      // left edge, its middle and its right edge?
      // From the top of the page: where a reader meets it (a sticky sidebar, scrolled past, goes under the bar).
      window.scrollTo(window.scrollX, 0);
      box = element.getBoundingClientRect();
      window.scrollTo(window.scrollX, box.top + box.height / 2 - window.innerHeight / 2);
      box = element.getBoundingClientRect();
      const y = box.top + Math.min(box.height / 2, window.innerHeight / 2 - 1);
      // A disabled button lets the pointer through to what is under it: not what is drawn.
      const pointerEvents = element.style.pointerEvents;
      element.style.pointerEvents = 'auto';
      const covered = [box.left + 1, box.left + box.width / 2, box.right - 1].some((x) => {
        const shown = document.elementFromPoint(x, y);
        return shown !== null && !element.contains(shown);
      });
      element.style.pointerEvents = pointerEvents;
      if (covered) problems.push(`${name(element)} is partly covered by another element`);
    }
    window.scrollTo(window.scrollX, scrolled);
    return problems;
  }, selector);
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
