// What a phone downloads before the first page shows: the entry script, the modules it preloads
// and the stylesheet of the built index.html, gzip-compressed as the server sends them. Shared by
// the bundle budget test (src/bundle-budget.test.ts) and the web benchmark (bench/web.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The built web app. */
export const dist = path.resolve(import.meta.dirname, '../dist');

/** The initial scripts or stylesheets named by the built index.html, as paths under `dist`. */
export function initialAssets(kind) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const pattern =
    kind === 'js'
      ? /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="(\/assets\/[^"]+\.js)"/g
      : /<link[^>]*rel="stylesheet"[^>]*\shref="(\/assets\/[^"]+\.css)"/g;
  return [...html.matchAll(pattern)].map((match) => match[1]);
}

/** Bytes of one built file once gzip-compressed. */
export const gzipBytes = (asset) => gzipSync(fs.readFileSync(path.join(dist, asset)), { level: 9 }).length;

/** Bytes of these built files once gzip-compressed, added up. */
export const gzipTotal = (assets) => assets.reduce((sum, asset) => sum + gzipBytes(asset), 0);
