import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * What a phone downloads before the first page shows: the entry script, the modules it preloads
 * and the stylesheet of the built index.html, gzip-compressed as the server sends them. Bytes, not
 * timings: the same on every machine. (`npm test` builds the web app first.)
 */
const dist = path.resolve(import.meta.dirname, '../dist');
const KB = 1024;
const INITIAL_JS_BUDGET = 150 * KB;
const INITIAL_CSS_BUDGET = 30 * KB;

function initialAssets(kind: 'js' | 'css'): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const pattern =
    kind === 'js'
      ? /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="(\/assets\/[^"]+\.js)"/g
      : /<link[^>]*rel="stylesheet"[^>]*\shref="(\/assets\/[^"]+\.css)"/g;
  return [...html.matchAll(pattern)].map((match) => match[1] as string);
}

const gzipBytes = (asset: string) => gzipSync(fs.readFileSync(path.join(dist, asset)), { level: 9 }).length;
const total = (assets: string[]) => assets.reduce((sum, asset) => sum + gzipBytes(asset), 0);

describe.runIf(fs.existsSync(path.join(dist, 'index.html')))('the first download of the web app', () => {
  it(`keeps its JavaScript within ${INITIAL_JS_BUDGET / KB} KB gzip`, () => {
    const scripts = initialAssets('js');
    expect(scripts.length).toBeGreaterThan(0);
    expect(total(scripts)).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  it(`keeps its stylesheet within ${INITIAL_CSS_BUDGET / KB} KB gzip`, () => {
    const sheets = initialAssets('css');
    expect(sheets.length).toBe(1);
    expect(total(sheets)).toBeLessThanOrEqual(INITIAL_CSS_BUDGET);
  });
});
