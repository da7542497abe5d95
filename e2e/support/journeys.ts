import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { linkIn, mailTo } from '../../apps/server/src/test-support/account-mails';
import type { TestMailServer } from '../../apps/server/src/test-support/smtp-server';
import { collectPageProblems, DESKTOP, launchBrowser, screenshot } from './browser';
import { freshSchema } from './fresh-schema';
import { type RunningShop, startShop } from './shop-server';

/** Fills the shop's test card form (Stripe's test numbers) on the payment page; the caller presses Pay. */
export async function fillTestCard(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/**
 * A failed journey's account of its pages, printed and saved beside the screenshots: where each
 * stood, the alerts it showed, everything it reported (the expected refusals too), its picture.
 */
async function tellWhereThePagesStood(test: string, pages: { page: Page; reported: string[] }[]) {
  for (const [n, { page, reported }] of pages.entries()) {
    if (page.isClosed()) continue;
    const alerts = await page
      .getByRole('alert')
      .allInnerTexts()
      .catch(() => []);
    console.error(
      [`Page ${n + 1} of the failed journey "${test}": ${page.url()}`, ...alerts.map((a) => `  alert: ${a}`)]
        .concat(reported.map((r) => `  reported: ${r}`))
        .join('\n'),
    );
    await screenshot(page, `failed-${test.replace(/\W+/g, '-').slice(0, 60)}-${n + 1}`).catch(() => {});
  }
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * One shop and one browser for a journey file: each journey opens fresh pages (their own
 * storage, reduced motion), and after each journey whatever its pages reported is checked.
 * `expectedProblems` lets through what a file's journeys cause on purpose (a refused call).
 */
export function journeys(options: { env?: Record<string, string>; expectedProblems?: RegExp } = {}) {
  let shop: RunningShop | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let problems: string[] = [];
  // What each open page reported, all of it, for the account of a failed journey.
  let opened: { page: Page; reported: string[] }[] = [];

  let schema: Awaited<ReturnType<typeof freshSchema>> | undefined;

  beforeAll(async () => {
    // On the journeys' PostgreSQL each file gets a schema of its own.
    const base = process.env.E2E_DATABASE_URL;
    if (base && !options.env?.DATABASE_URL) schema = await freshSchema(base);
    const env = schema ? { ...options.env, DATABASE_URL: schema.url } : options.env;
    [shop, browser] = await Promise.all([startShop(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await schema?.drop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await tellWhereThePagesStood(task.name, opened);
    opened = [];
    // Closing the pages first collects what each of them reported.
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    const reported = problems;
    problems = [];
    expect(reported, 'the page reported errors').toEqual([]);
  });

  const running = () => {
    if (!shop || !browser) throw new Error('The shop is not running yet');
    return { shop, browser };
  };

  /** A fresh browser on `path` (`javaScriptEnabled: false`: one that runs no scripts). */
  async function open(
    path: string,
    viewport = DESKTOP,
    browsing: { javaScriptEnabled?: boolean } = {},
  ): Promise<Page> {
    const { shop, browser } = running();
    const context = await browser.newContext({
      viewport,
      baseURL: shop.baseUrl,
      reducedMotion: 'reduce',
      ...browsing,
    });
    contexts.push(context);
    const page = await context.newPage();
    const pageProblems = collectPageProblems(page);
    opened.push({ page, reported: pageProblems });
    // A browser that runs no scripts does not fetch the scripts the page preloads: no problem.
    const noScripts = (p: string) =>
      browsing.javaScriptEnabled === false && /^request failed: \S+\.js /.test(p);
    page.on('close', () =>
      problems.push(...pageProblems.filter((p) => !options.expectedProblems?.test(p) && !noScripts(p))),
    );
    await page.goto(path);
    return page;
  }

  async function logIn(page: Page, who: Credentials): Promise<void> {
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }

  /** Signs `who` up on the sign-up page the browser shows; they land on the home page, signed in. */
  async function signUp(page: Page, who: Credentials & { name: string }): Promise<void> {
    await page.getByLabel('Name').fill(who.name);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${running().shop.baseUrl}/`);
  }

  /** A fresh browser, signed in as `who` through the login page, then on `path`. */
  async function signedIn(path: string, who: Credentials, viewport = DESKTOP): Promise<Page> {
    const page = await open('/login', viewport);
    await logIn(page, who);
    await page.waitForURL(`${running().shop.baseUrl}/`);
    await page.goto(path);
    return page;
  }

  /** A JSON call to the shop's API, as a client outside the browser makes it. */
  async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
    const res = await fetch(`${running().shop.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> };
  }

  /** A fresh access token for `who`, through the login call. */
  async function tokenOf(who: Credentials): Promise<string> {
    return (await api('/api/auth/login', { method: 'POST', body: who })).json.accessToken as string;
  }

  /**
   * Signs `who` up through the API and verifies their email with the link mailed to `smtp` (the
   * shop mails only verified addresses, and only a verified account creates a company).
   */
  async function signUpVerified(who: Credentials & { name: string }, smtp: TestMailServer): Promise<void> {
    expect((await api('/api/auth/signup', { method: 'POST', body: who })).status).toBe(201);
    const verified = await api('/api/auth/verify-email', {
      method: 'POST',
      token: await tokenOf(who),
      body: { token: linkIn((await mailTo(smtp, who.email, 'Verify your email')).text).token },
    });
    expect(verified.status).toBe(200);
  }

  /** Pays the buyer's order with the test card 4242 through the API, as its payment page would. */
  async function payByCard(orderId: string, token: string): Promise<void> {
    const intent = await api('/api/create-payment-intent', { method: 'POST', token, body: { _id: orderId } });
    const paid = await api('/api/payments/test/confirm', {
      method: 'POST',
      token,
      body: {
        clientSecret: intent.json.clientSecret,
        card: { number: '4242424242424242', exp: '12/34', cvc: '123' },
      },
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  }

  /**
   * A part added by an admin through the API, with a picture the shop serves itself; `body` is
   * what was sent (to change the part with a PUT later).
   */
  async function addPart(
    adminToken: string,
    part: {
      name: string;
      price: number;
      available: number;
      min: number;
      desc: string;
      priceBreaks?: { min_quantity: number; price_per_piece: number }[];
    },
  ): Promise<{ _id: string; name: string; body: Record<string, unknown> }> {
    // No outside picture host is reachable: take a demo part's.
    const [demo] = (await api('/api/parts?limit=1')).json as unknown as { img: string }[];
    const body = {
      name: part.name,
      desc: part.desc,
      img: demo?.img,
      min_order_quantity: part.min,
      available_quantity: part.available,
      price_per_piece: part.price,
      ...(part.priceBreaks ? { price_breaks: part.priceBreaks } : {}),
    };
    const res = await api('/api/parts', { method: 'POST', token: adminToken, body });
    expect(res.status).toBe(201);
    return { _id: res.json.insertedId as string, name: part.name, body };
  }

  /**
   * Stops the shop and starts it again on the same data, as a deployment does; `whileDown` runs
   * in between with its data folder (to change the database as time would have).
   */
  async function restart(whileDown?: (dataDir: string) => Promise<void>): Promise<void> {
    const { shop: stopped } = running();
    await stopped.stop({ keepData: true });
    await whileDown?.(stopped.dataDir);
    shop = await startShop(options.env, { dataDir: stopped.dataDir });
  }

  return {
    get baseUrl() {
      return running().shop.baseUrl;
    },
    api,
    tokenOf,
    signUpVerified,
    payByCard,
    addPart,
    open,
    logIn,
    signUp,
    signedIn,
    restart,
  };
}
