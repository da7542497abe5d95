// npm run bench:web: the web app as its buyers get it. Lighthouse in Debian's Chromium on the built
// shop with its demo catalog: every public page at Lighthouse's default phone setting (its mobile
// emulation and simulated throttling; the target is 95 or more), every kind of signed-in page at
// its desktop setting (lighthouse/core/config/desktop-config.js; the target is 95 or more) with
// the phone figure beside it (no target). Then the initial download of the Vite build, and the
// home page's first paint in Chromium without throttling. Results print as Markdown; record them
// in RESULTS.md. Timings are never asserted.
//
// Runs: BENCH_LIGHTHOUSE_RUNS per page and setting (default 3, down from 5, the median kept). The
// list grew to 56 pages and settings (168 runs), some 10 to 20 seconds each: about 30 minutes on a
// quiet 2-core machine, 50 when other programs load it (the run of 2026-11-29); BENCH_WEB_PAGES and
// BENCH_WEB_SETTINGS measure a few pages for a check within minutes.

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { gzipTotal, initialAssets } from '../apps/web/scripts/initial-download.mjs';
import { call, freshDatabase, root, startShop } from './lib/shop.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's Chromium, kept from reaching for the network it does not have. */
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
/** Lighthouse runs per page and setting; each figure is the median of them. */
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The score every category of a page is to reach at its target setting. */
const target = 95;
/**
 * Lighthouse's settings: its default (a phone: Moto G Power screen, slow 4G, CPU 4× slower) and
 * its desktop one (a 1350×940 screen, dense 4G of 40 ms and 10 Mbit/s, no CPU slowdown).
 */
const settings = { phone: undefined, desktop: desktopConfig };
/** Loads of the home page for its unthrottled first paint. */
const paintLoads = 7;
/** Where the reports go (`BENCH_WEB_REPORTS`, say for a check beside a full run). */
const reports = path.resolve(process.env.BENCH_WEB_REPORTS ?? path.join(root, 'test-results/lighthouse'));

const admin = { email: 'bench-admin@parts-shop.example', password: 'bench-admin-password' };
const buyer = {
  name: 'Bench Buyer Ltd',
  email: 'bench-buyer@parts-shop.example',
  password: 'bench-buyer-pw',
};

/**
 * The pages measured. A public page (no `as`) at the phone setting, its target; a signed-in page
 * (`as` signs in through the login page first) at the desktop setting, its target, then at the
 * phone's. `builder` puts lines in the order builder (kept in the browser) before the page loads.
 * In a path `{part}` is the id of the catalog's first part, `{order}` the buyer's order of several
 * lines, `{quote}` their offered quote, `{tool}` the first tool model, `{category}` the soldering
 * tips' category (made or read before the runs).
 */
const pages = [
  // Public pages: every route a visitor reaches without signing in and without a token of mail.
  { path: '/' },
  { path: '/parts' },
  { path: '/parts/{part}', what: '/parts/{id} (a product page)' },
  { path: '/catalog' },
  {
    path: '/catalog?q=tip&category={category}&f.shape=chisel',
    id: '/catalog-search',
    what: '/catalog?q=tip&category=…&f.shape=chisel (a search in a category, a filter)',
  },
  { path: '/tools' },
  { path: '/tools/{tool}', what: '/tools/{id} (a tool model: its drawing and parts)' },
  { path: '/blog' },
  { path: '/portfolio' },
  { path: '/terms' },
  { path: '/privacy' },
  { path: '/imprint' },
  { path: '/login' },
  { path: '/signup' },
  { path: '/forgot-password' },
  { path: '/invitations', what: '/invitations (no token)' },
  // Signed-in pages.
  { path: '/dashboard', as: buyer, what: '/dashboard (My Profile, a buyer)' },
  { path: '/order', as: buyer, builder: true, what: '/order (a buyer, 3 lines in the builder)' },
  { path: '/bom', as: buyer, what: '/bom (the bill of materials, before a file)' },
  { path: '/dashboard/lists', as: buyer, what: '/dashboard/lists (a buyer, a saved list)' },
  { path: '/dashboard/my-order', as: buyer, what: '/dashboard/my-order (an order of 3 lines)' },
  {
    path: '/dashboard/payment/{order}',
    as: buyer,
    what: '/dashboard/payment/{id} (an unpaid order of 3 lines)',
  },
  { path: '/purchase/{part}', as: buyer, what: '/purchase/{id} (a buyer)' },
  { path: '/quotes/new?lines={lines}', as: buyer, what: '/quotes/new (a buyer, 3 lines)' },
  { path: '/dashboard/my-quotes', as: buyer, what: '/dashboard/my-quotes (an offered quote)' },
  { path: '/dashboard/quotes/{quote}', as: buyer, what: '/dashboard/quotes/{id} (an offer)' },
  { path: '/dashboard/my-tools', as: buyer, what: '/dashboard/my-tools (two tools in the fleet)' },
  { path: '/dashboard/prices', as: buyer, what: '/dashboard/prices (3 contract prices)' },
  { path: '/dashboard/api-keys', as: buyer, what: '/dashboard/api-keys (a key)' },
  { path: '/dashboard/webhooks', as: buyer, what: '/dashboard/webhooks (a subscription)' },
  {
    path: '/dashboard/company',
    as: buyer,
    what: '/dashboard/company (its admin: a colleague invited, an order to approve)',
  },
  { path: '/dashboard/overview', as: admin, what: '/dashboard/overview (an admin)' },
  { path: '/dashboard/companies', as: admin, what: '/dashboard/companies (the shop admin)' },
  { path: '/dashboard/manage-all-order', as: admin, what: '/dashboard/manage-all-order' },
  { path: '/dashboard/tools', as: admin, what: '/dashboard/tools (tool models, the shop admin)' },
];

/** A page's name for BENCH_WEB_PAGES: its path without the query, unless it has an `id`. */
const idOf = (entry) => entry.id ?? entry.path.split('?')[0];
/** `BENCH_WEB_PAGES=/,/parts` measures these pages alone. */
const only = process.env.BENCH_WEB_PAGES?.split(',');
const measured = only ? pages.filter((entry) => only.includes(idOf(entry))) : pages;
/** `BENCH_WEB_SETTINGS=desktop` measures signed-in pages at that setting alone. */
const onlySettings = process.env.BENCH_WEB_SETTINGS?.split(',');
/** The settings a page is measured at, its target's first. */
const settingsOf = (entry) =>
  (entry.as ? ['desktop', 'phone'] : ['phone']).filter(
    (setting) => !onlySettings || onlySettings.includes(setting),
  );

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Signs `who` in as a person does (and puts `lines` in the order builder, if given), then forgets
 * the HTTP cache so the measured load is cold.
 */
async function signIn(page, url, who, lines) {
  await page.goto(`${url}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[type=email]').fill(who.email);
  await page.locator('input[type=password]').fill(who.password);
  await Promise.all([
    page.waitForFunction(() => window.location.pathname === '/'),
    page.locator('button[type=submit]').click(),
  ]);
  if (lines) {
    await page.evaluate((kept) => localStorage.setItem('shop.order-builder', kept), JSON.stringify(lines));
  }
  await page.goto('about:blank');
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** One Lighthouse run in a fresh Chromium; answers the report (LHR). */
async function lighthouseOnce(url, entry, setting) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  // Chromium ending under a run (another program on the machine may end it) fails the run
  // instead of leaving it waiting for an answer that never comes.
  let timer;
  const gone = new Promise((_, reject) => {
    browser.once('disconnected', () => reject(new Error('Chromium went away during the run')));
    timer = setTimeout(() => reject(new Error('the run took over 3 minutes')), 180_000);
  });
  try {
    return await Promise.race([gone, measure(browser, url, entry, setting)]);
  } finally {
    clearTimeout(timer);
    browser.removeAllListeners('disconnected');
    if (browser.connected) await browser.disconnect();
    chrome.kill();
  }
}

async function measure(browser, url, entry, setting) {
  const page = await browser.newPage();
  if (entry.as) await signIn(page, url, entry.as, entry.builder ? fixtures.lines : undefined);
  const result = await lighthouse(
    `${url}${pathOf(entry)}`,
    {
      logLevel: 'error',
      output: ['html', 'json'],
      onlyCategories: categories,
      // A signed-in page keeps its stored session (the HTTP cache was cleared above).
      disableStorageReset: Boolean(entry.as),
    },
    settings[setting],
    page,
  );
  if (!result) throw new Error(`Lighthouse answered nothing for ${entry.path}`);
  if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
  return result;
}

/** A run that fails is tried again, up to twice. */
async function lighthouseRun(url, entry, setting) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, entry, setting);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`${entry.path}: ${error.message}; trying again`);
    }
  }
}

/** The audits that keep a category from full marks, by id, with what Lighthouse says they cost. */
function shortcomings(lhr) {
  const found = new Map();
  for (const id of categories) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (['manual', 'notApplicable', 'informative'].includes(audit.scoreDisplayMode)) continue;
      found.set(ref.id, `${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  return found;
}

async function measurePage(url, entry, setting) {
  const results = [];
  const where = idOf(entry);
  const page = where === '/' ? 'home' : where.slice(1).replaceAll(/[{}]/g, '').replaceAll('/', '-');
  const name = `${page}-${setting}`;
  for (let i = 0; i < runs; i++) {
    console.error(`${entry.path} (${setting}): run ${i + 1} of ${runs}`);
    const { lhr, report } = await lighthouseRun(url, entry, setting);
    fs.writeFileSync(path.join(reports, `${name}-${i + 1}.html`), report[0]);
    fs.writeFileSync(path.join(reports, `${name}-${i + 1}.json`), report[1]);
    results.push(lhr);
  }
  const figure = (pick) => median(results.map(pick));
  // Each audit once, as the first run that missed it tells it.
  const missing = new Map();
  for (const lhr of results) {
    for (const [id, text] of shortcomings(lhr)) if (!missing.has(id)) missing.set(id, text);
  }
  const score = (id) => Math.round(figure((lhr) => lhr.categories[id].score * 100));
  const metric = (id) => figure((lhr) => lhr.audits[id].numericValue);
  return {
    what: entry.what ?? entry.path,
    setting,
    // Whether this is the page's target setting (phone for a public page, desktop signed in).
    targeted: entry.as ? setting === 'desktop' : setting === 'phone',
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    // Lighthouse's measure of this machine's speed during the runs (higher is faster).
    cpuIndex: Math.round(figure((lhr) => lhr.environment.benchmarkIndex)),
    missing: [...missing.values()],
  };
}

/** The home page's first (and largest) contentful paint in Chromium at phone size, not throttled. */
async function unthrottledPaint(url) {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags.filter((flag) => flag !== '--headless'),
  });
  try {
    const fcp = [];
    const lcp = [];
    for (let i = 0; i < paintLoads; i++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 375, height: 812, isMobile: true, deviceScaleFactor: 2 });
      await page.goto(`${url}/`, { waitUntil: 'networkidle0' });
      const paints = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const first = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve({ fcp: first, lcp: entries[entries.length - 1]?.startTime ?? 0 });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      fcp.push(paints.fcp);
      lcp.push(paints.lcp);
      await context.close();
    }
    return { fcp: median(fcp), lcp: median(lcp) };
  } finally {
    await browser.close();
  }
}

/** A port nothing listens on now (other benchmarks and test servers share this machine). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** What the pages show, made once the shop runs: `lines` of three parts, a product's id, an order. */
const fixtures = { lines: [], part: '', order: '', quote: '', tool: '', category: '' };

const pathOf = (entry) =>
  entry.path
    .replace('{part}', fixtures.part)
    .replace('{order}', fixtures.order)
    .replace('{quote}', fixtures.quote)
    .replace('{tool}', fixtures.tool)
    .replace('{category}', fixtures.category)
    // A new quote's lines as the order builder's Request a quote names them.
    .replace('{lines}', fixtures.lines.map((line) => `${line.partsId}:${line.quantity}`).join(','));

/** The buyer's saved list and order of several lines, from the demo catalog's first three parts. */
async function makeFixtures(url, database) {
  const { json: parts } = await call(`${url}/api/parts?limit=3`);
  fixtures.part = parts[0]._id;
  fixtures.lines = parts.map((part) => ({ partsId: part._id, quantity: part.min_order_quantity }));
  const { json: session } = await call(`${url}/api/auth/signup`, { method: 'POST', body: buyer });
  const token = session.accessToken;
  await call(`${url}/api/lists`, {
    method: 'POST',
    token,
    body: { name: 'Monthly bench restock', lines: fixtures.lines },
  });
  const { json: order } = await call(`${url}/api/orders`, {
    method: 'POST',
    token,
    body: {
      lines: fixtures.lines,
      mobile: '01712345678',
      address: '1 Bench Road, Dhaka',
      poNumber: 'PO-BENCH-1',
    },
  });
  fixtures.order = order.insertedId;
  // A quote asked for and offered by the shop's admin.
  const { json: quote } = await call(`${url}/api/quotes`, {
    method: 'POST',
    token,
    body: { lines: fixtures.lines, message: 'A yearly price for these, please.' },
  });
  fixtures.quote = quote.insertedId;
  const { json: shop } = await call(`${url}/api/auth/login`, { method: 'POST', body: admin });
  await call(`${url}/api/quotes/${fixtures.quote}`, {
    method: 'PUT',
    token: shop.accessToken,
    body: {
      lines: parts.map((part) => ({ partsId: part._id, unitPrice: Math.max(1, part.price_per_piece - 1) })),
      validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
  });
  // The buyer's company (a company needs a verified email: written straight into the database,
  // as the bench has no mail), a colleague invited, and the buyer's own order past a limit of 0.
  const db = new SQLite(database.url.slice('sqlite:'.length));
  db.prepare('update users set email_verified_at = ? where email = ?').run(
    new Date().toISOString(),
    buyer.email,
  );
  db.close();
  const { json: company } = await call(`${url}/api/companies`, {
    method: 'POST',
    token,
    body: { name: 'Bench Buyer Ltd', vatId: 'BD123456789' },
  });
  const companyId = company.insertedId;
  await call(`${url}/api/companies/${companyId}/invitations`, {
    method: 'POST',
    token,
    body: { email: 'bench-colleague@parts-shop.example', role: 'buyer', spendingLimit: 5000 },
  });
  await call(`${url}/api/companies/${companyId}/members/${session.user.uid}`, {
    method: 'PUT',
    token,
    body: { spendingLimit: 0 },
  });
  await call(`${url}/api/orders`, {
    method: 'POST',
    token,
    body: { lines: fixtures.lines, mobile: '01712345678', address: '1 Bench Road, Dhaka' },
  });
  // The demo's tool models (two in the buyer's fleet) and the soldering tips' category.
  const { json: tools } = await call(`${url}/api/tools`);
  fixtures.tool = tools[0]._id;
  for (const [i, tool] of tools.slice(0, 2).entries()) {
    await call(`${url}/api/my-tools`, {
      method: 'POST',
      token,
      body: { toolId: tool._id, quantity: 3 + i, serialNumber: `BENCH-${i + 1}` },
    });
  }
  const { json: categories } = await call(`${url}/api/categories`);
  fixtures.category = categories.find((category) => category.name === 'Soldering tips')._id;
  // The company's contract prices (set by the shop's admin), an API key and a webhook.
  await call(`${url}/api/companies/${companyId}/prices`, {
    method: 'PUT',
    token: shop.accessToken,
    body: {
      items: parts.map((part) => ({ partsId: part._id, unitPrice: Math.max(1, part.price_per_piece - 2) })),
    },
  });
  await call(`${url}/api/api-keys`, {
    method: 'POST',
    token,
    body: { name: 'ERP import', scopes: ['catalog:read', 'orders:read'] },
  });
  await call(`${url}/api/webhooks`, {
    method: 'POST',
    token,
    // An address of this machine (the shop allows it for the bench: it has no DNS): made after
    // the orders, it has no deliveries to attempt.
    body: { url: 'http://127.0.0.1:9/shop-events', events: ['order.created', 'order.shipped'] },
  });
}

const ms = (value) => `${Math.round(value)}`;
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Whether a row at its target setting has every category at the target (`—`: no target). */
const met = (row) =>
  row.targeted
    ? [row.performance, row.accessibility, row.bestPractices, row.seo].every((score) => score >= target)
      ? 'yes'
      : '**no**'
    : '—';

const tableRow = (row) =>
  `| ${row.what} | ${row.setting} | ${met(row)} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${ms(row.fcp)} | ${ms(row.lcp)} | ${ms(row.tbt)} | ${row.cls.toFixed(3)} | ${row.cpuIndex} |`;

function table(rows) {
  return [
    `| page | setting | ≥ ${target} | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | CPU index |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(tableRow),
  ].join('\n');
}

/** The machine's load average (1, 5 and 15 minutes): other programs share its cores. */
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

if (!fs.existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
fs.mkdirSync(reports, { recursive: true });
const scripts = initialAssets('js');
const sheets = initialAssets('css');
console.log(
  `\n${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? ''}; Lighthouse 13: public pages at its phone setting, signed-in pages at its desktop setting (the target) and its phone one; median of ${runs} runs per page and setting; ${new Date().toISOString()}; load average ${load()}`,
);
console.log(
  `\nInitial download (gzip): JavaScript ${kb(gzipTotal(scripts))} KB in ${scripts.length} files, CSS ${kb(gzipTotal(sheets))} KB in ${sheets.length}`,
);

const database = await freshDatabase('sqlite');
const shop = await startShop({
  database,
  port: Number(process.env.BENCH_WEB_PORT ?? (await freePort())),
  env: {
    SEED_ADMIN_EMAIL: admin.email,
    SEED_ADMIN_PASSWORD: admin.password,
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  },
});
try {
  await makeFixtures(shop.url, database);
  const rows = [];
  for (const entry of measured) {
    for (const setting of settingsOf(entry)) {
      const row = await measurePage(shop.url, entry, setting);
      // Each row as it comes, so that a long run's figures are read before its end.
      console.error(`${tableRow(row)} load ${load()}`);
      rows.push(row);
    }
  }
  const paint = await unthrottledPaint(shop.url);
  console.log(`\n${table(rows)}\n\nLoad average at the end: ${load()}`);
  const home = rows.find((row) => row.what === '/');
  const throttled = home
    ? `; FCP ${ms(home.fcp)} ms, LCP ${ms(home.lcp)} ms with Lighthouse's mobile throttling`
    : '';
  console.log(
    `\nHome page first render: FCP ${ms(paint.fcp)} ms, LCP ${ms(paint.lcp)} ms in Chromium without throttling (median of ${paintLoads} cold loads at 375 px)${throttled}`,
  );
  console.log('\nAudits under 0.9 in any run:');
  for (const row of rows) console.log(`- ${row.what} (${row.setting}): ${row.missing.join(', ') || 'none'}`);
  console.log(`\nReports: ${path.relative(process.cwd(), reports)}/`);
} finally {
  await shop.stop();
  await database.drop();
}
