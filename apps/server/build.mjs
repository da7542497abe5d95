// Bundles the server into dist/main.js: workspace sources (the contract) are bundled in, and so
// are the pure-JavaScript ES module packages every start loads (`bundled`); the other npm
// packages stay external and load from node_modules.
import fs from 'node:fs';
import { build } from 'esbuild';

/**
 * Packages published as hundreds of small ES modules (kysely about 970 files, zod 230, jose 180),
 * loaded by every start. Loaded file by file they left several MB resident per few hundred files
 * (kysely alone about 13 MB, against 1 MB as one bundled file; bench/RESULTS.md), so they are
 * bundled in. Only what the shop uses of them is, and each has one copy (the contract's zod is
 * the type provider's).
 */
const bundled = ['kysely', 'zod', 'jose', 'fastify-type-provider-zod', 'csv-parse'];

const manifest = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter(
  (name) => !name.startsWith('@shop/') && !bundled.includes(name),
);

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node the shop starts on (package.json engines); CI builds and tests on Node 24.
  target: 'node24',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
