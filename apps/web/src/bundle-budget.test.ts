import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dist, gzipTotal, initialAssets } from '../scripts/initial-download.mjs';

/**
 * What a phone downloads before the first page shows (see scripts/initial-download.mjs). Bytes,
 * not timings: the same on every machine. (`npm test` builds the web app first.)
 */
const KB = 1024;
const INITIAL_JS_BUDGET = 150 * KB;
const INITIAL_CSS_BUDGET = 30 * KB;

describe.runIf(fs.existsSync(path.join(dist, 'index.html')))('the first download of the web app', () => {
  it(`keeps its JavaScript within ${INITIAL_JS_BUDGET / KB} KB gzip`, () => {
    const scripts = initialAssets('js');
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzipTotal(scripts)).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  it('leaves out the toasts, which load once the page has rendered', () => {
    const hasToasts = (asset: string) =>
      fs.readFileSync(path.join(dist, asset), 'utf8').includes('Toastify__toast-container');
    expect(initialAssets('js').some(hasToasts)).toBe(false);
    const scripts = fs.readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js'));
    expect(scripts.some((name) => hasToasts(path.join('assets', name)))).toBe(true);
  });

  it(`keeps its stylesheet within ${INITIAL_CSS_BUDGET / KB} KB gzip`, () => {
    const sheets = initialAssets('css');
    expect(sheets.length).toBe(1);
    expect(gzipTotal(sheets)).toBeLessThanOrEqual(INITIAL_CSS_BUDGET);
  });
});
