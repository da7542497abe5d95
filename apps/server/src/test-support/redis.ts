import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { derive, test } from './fixture.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
import { createTestShop } from './test-app.js';

/** The real Redis the tests count in (CI starts one); none: the files' tests are skipped. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

/** A key prefix of a file's own, so that files share a Redis. */
export const keyPrefix = () => `shop-test-${randomBytes(6).toString('hex')}:`;

/** A log line as the tests read it. */
export type LogLine = { level: number; msg: string };

/**
 * The fixture's `test` whose shop counts its limits in Redis at `redisUrl` (TEST_REDIS_URL unless
 * the file overrides it, with a proxy's say) under the file's `prefix`, its log lines (level info)
 * in `logged`; `redis` is a client of the test's own on TEST_REDIS_URL, to look at the keys.
 */
function makeRedisTest() {
  return (
    test
      .extend('redisUrl', { scope: 'file' }, TEST_REDIS_URL ?? '')
      .extend('prefix', { scope: 'file' }, keyPrefix())
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from its first argument's pattern
      .extend('logged', { scope: 'file' }, ({}): LogLine[] => [])
      .extend('shop', { scope: 'file' }, async ({ shopOptions, redisUrl, prefix, logged }, { onCleanup }) => {
        const shop = await createTestShop({
          ...shopOptions,
          env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'info', ...shopOptions?.env },
          logStream: { write: (line) => void logged.push(JSON.parse(line)) },
        });
        onCleanup(() => shop.close());
        return shop;
      })
      // biome-ignore lint/correctness/noEmptyPattern: vitest reads what a fixture needs from its first argument's pattern
      .extend('redis', { scope: 'file' }, async ({}, { onCleanup }) => {
        const client = new Redis(TEST_REDIS_URL ?? '');
        onCleanup(async () => {
          await client.quit();
        });
        return client;
      })
  );
}

/**
 * `redisTest` counting through `proxy`, a TCP proxy to TEST_REDIS_URL a test may cut and restore
 * (Redis away and back); cut before the shop starts where the file overrides `cutAtStart` with true.
 */
function makeRedisProxyTest(redisTest: ReturnType<typeof makeRedisTest>) {
  return redisTest
    .extend('cutAtStart', { scope: 'file' }, false)
    .extend('proxy', { scope: 'file' }, async ({ cutAtStart }, { onCleanup }): Promise<TcpProxy> => {
      const target = new URL(TEST_REDIS_URL ?? '');
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      onCleanup(() => proxy.close());
      if (cutAtStart) await proxy.cut();
      return proxy;
    })
    .override('redisUrl', ({ proxy }) => proxy.url(TEST_REDIS_URL ?? ''));
}

export let redisTest = makeRedisTest();
export let redisProxyTest = makeRedisProxyTest(redisTest);
derive(() => {
  redisTest = makeRedisTest();
  redisProxyTest = makeRedisProxyTest(redisTest);
});

/** A home-page message from 10.9.0.1 to `app` (the shop's server, or another on its database). */
export const messageTo = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/api/messages',
    payload: { kind: 'contact', email: 'buyer@example.com', message: 'Do you ship to Chittagong?' },
    remoteAddress: '10.9.0.1',
  });
