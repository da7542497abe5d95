// Every package the bundled server loads at runtime must be one of the server's own production
// dependencies: the runtime image installs only those (npm ci --omit=dev --workspace @shop/server).
// Usage: node deploy/check-imports.mjs [apps/server/dist/main.js] [apps/server/package.json] [--resolve-assets]
// With --resolve-assets, the files the server reads out of packages (the invoice's fonts) must
// also be found from the bundle's own folder, as the server looks them up.
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const resolveAssets = process.argv.includes('--resolve-assets');
const bundlePath = args[0] ?? 'apps/server/dist/main.js';
const manifestPath = args[1] ?? 'apps/server/package.json';
const bundle = fs.readFileSync(bundlePath, 'utf8');
const dependencies = Object.keys(JSON.parse(fs.readFileSync(manifestPath, 'utf8')).dependencies ?? {});

// esbuild writes external imports as statements at the start of a line (`import x from "x";`,
// `} from "x";`, `import "x";`) and as calls (`import("x")`, `require("x")`); the invoice fonts
// are found with `require.resolve("package/file")`.
const name = String.raw`([@\w][\w.@/-]*)`;
const patterns = [
  new RegExp(String.raw`^(?:import|export|\})[^\n]*?\bfrom\s*["']${name}["'];?\s*$`, 'gm'),
  new RegExp(String.raw`^import\s*["']${name}["'];?\s*$`, 'gm'),
  new RegExp(String.raw`(?:\bimport|\brequire|\.resolve)\(\s*["']${name}["']\s*\)`, 'g'),
];
const specifiers = new Set();
for (const pattern of patterns) for (const match of bundle.matchAll(pattern)) specifiers.add(match[1]);

const builtins = new Set(builtinModules);
const packages = new Set();
for (const specifier of specifiers) {
  if (specifier.startsWith('.') || specifier.startsWith('/')) continue;
  if (specifier.startsWith('node:') || builtins.has(specifier) || builtins.has(specifier.split('/')[0]))
    continue;
  const parts = specifier.split('/');
  packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
}

const missing = [...packages].filter((name) => !dependencies.includes(name)).sort();
if (missing.length > 0) {
  console.error(
    `${bundlePath} imports packages that are not dependencies of ${manifestPath} (the image would not install them): ${missing.join(', ')}`,
  );
  process.exit(1);
}
console.log(
  `bundle imports ${packages.size} packages, each a production dependency: ${[...packages].sort().join(', ')}`,
);

if (resolveAssets) {
  const requireFromBundle = createRequire(path.resolve(bundlePath));
  const assets = [...bundle.matchAll(/["']([@\w][\w.@/-]*\.(?:ttf|otf|woff2?))["']/g)].map((m) => m[1]);
  const unresolved = [];
  for (const asset of new Set(assets)) {
    try {
      requireFromBundle.resolve(asset);
    } catch {
      unresolved.push(asset);
    }
  }
  if (assets.length === 0 || unresolved.length > 0) {
    console.error(
      `files the server reads from packages are not installed: ${unresolved.join(', ') || '(none found in the bundle)'}`,
    );
    process.exit(1);
  }
  console.log(
    `the ${new Set(assets).size} font files the invoices read resolve from ${path.dirname(bundlePath)}`,
  );
}
