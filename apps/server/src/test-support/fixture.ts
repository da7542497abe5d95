import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { test as base } from 'vitest';
import { bearer, signUp, signUpAdmin, type TestAccount } from './accounts.js';
import { startTestMailServer, type TestMailServer } from './smtp-server.js';
import { createTestShop, type TestShop } from './test-app.js';

/**
 * How a file's shop starts: `test.override('shopOptions', {...})` at the top level of the file
 * (vitest refuses to override a file-scoped fixture inside a `describe`). A `test.extend(...)`
 * copies the fixtures as they are then: override before extending, or on the extended `test`.
 */
export type ShopOptions = Parameters<typeof createTestShop>[0];

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Body = InjectOptions['payload'] | object;

/** Calls to the shop's API as one account (or a visitor, for null). */
export interface Caller {
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Body, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Body, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: Body, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  delete(url: string, payload?: Body, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Any method, for a table of calls: `send('PUT', url, body)`. */
  send(
    method: Method,
    url: string,
    payload?: Body,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/** Where the calls come from: `remoteAddress` for the limits counted per address (127.0.0.1 by default). */
export interface From {
  remoteAddress?: string;
}

/** `as(account)` calls the shop as that account; `as(null)` as a visitor; `as(who, { remoteAddress })` from an address. */
export type As = (who: { accessToken: string } | null, from?: From) => Caller;

function callerOf(shop: TestShop, who: { accessToken: string } | null, from: From = {}): Caller {
  const send = (method: Method, url: string, payload?: Body, headers: Record<string, string> = {}) =>
    shop.app.inject({
      method,
      url,
      headers: { ...(who ? bearer(who) : {}), ...headers },
      ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    get: (url, headers) => send('GET', url, undefined, headers),
    post: (url, payload, headers) => send('POST', url, payload, headers),
    put: (url, payload, headers) => send('PUT', url, payload, headers),
    patch: (url, payload, headers) => send('PATCH', url, payload, headers),
    delete: (url, payload, headers) => send('DELETE', url, payload, headers),
    send,
  };
}

/**
 * The server tests' one set-up: a file's shop on a throw-away database (no demo catalog unless
 * its `shopOptions` say so), its admin and a buyer, made once per file and only if a test or a
 * hook of the file asks for them, and `as(account)`, the API called as someone. Hooks take them
 * too: `test.beforeAll(async ({ shop }) => …)`.
 */
function makeTest() {
  return base
    .extend('shopOptions', { scope: 'file' }, { demo: false } as ShopOptions)
    .extend('shop', { scope: 'file' }, async ({ shopOptions }, { onCleanup }) => {
      const shop = await createTestShop(shopOptions);
      onCleanup(() => shop.close());
      return shop;
    })
    .extend('admin', { scope: 'file' }, ({ shop }) => signUpAdmin(shop.app, shop.database.db))
    .extend('buyer', { scope: 'file' }, ({ shop }): Promise<TestAccount> => signUp(shop.app))
    .extend(
      'as',
      { scope: 'file' },
      ({ shop }): As =>
        (who, from) =>
          callerOf(shop, who, from),
    );
}

/**
 * The shop of `test` whose mail goes to `smtp`, a real SMTP server of the file's own: the shop's
 * SMTP_URL is the server's (whatever else its `shopOptions` set), and the server closes after it.
 */
function makeMailTest(test: ReturnType<typeof makeTest>) {
  return (
    test
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from its first argument's pattern
      .extend('smtp', { scope: 'file' }, async ({}, { onCleanup }): Promise<TestMailServer> => {
        const smtp = await startTestMailServer();
        onCleanup(() => smtp.close());
        return smtp;
      })
      .extend('shop', { scope: 'file' }, async ({ shopOptions, smtp }, { onCleanup }) => {
        const shop = await createTestShop({
          ...shopOptions,
          env: { ...shopOptions?.env, SMTP_URL: smtp.url },
        });
        onCleanup(() => shop.close());
        return shop;
      })
  );
}

export let test = makeTest();
export let mailTest = makeMailTest(test);

/** The set-ups other support files derive from `test`, each made again with `test`. */
const derivations: (() => void)[] = [];

/**
 * Makes a support file's own `test` objects from this file's (`make` assigns them), now and each
 * time `freshFixtures` makes `test` again.
 */
export function derive(make: () => void): void {
  derivations.push(make);
  make();
}

/**
 * Makes every `test` object afresh. The server tests share their modules from file to file
 * (vitest.config.ts, `isolate: false`), and a file's top-level `test.override(...)` changes the
 * object it is called on for good: each file starts from objects no file has overridden
 * (test-support/fresh-fixtures.ts, a setup file, calls this before each one).
 */
export function freshFixtures(): void {
  test = makeTest();
  mailTest = makeMailTest(test);
  for (const make of derivations) make();
}
