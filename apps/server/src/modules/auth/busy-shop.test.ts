import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { busyShop } from './busy-shop.js';

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Keeps the event loop at work for `ms`, as a flood of requests would. */
function work(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

async function ask(path: string) {
  const { port } = (server as http.Server).address() as AddressInfo;
  await (await fetch(`http://127.0.0.1:${port}${path}`)).text();
}

describe('a busy shop', () => {
  it('is an event loop at work while requests other than sign-ins come in', async () => {
    server = http.createServer((_req, res) => res.end('ok'));
    const isBusy = busyShop(server, 0.6, 100);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));

    // At work, but only for sign-ins: not busy.
    await ask('/api/auth/login');
    work(400);
    expect(isBusy()).toBe(false);

    // At work while a read came in: busy, until a window passes without such work.
    await ask('/api/parts');
    work(400);
    expect(isBusy()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(isBusy()).toBe(false);
  });
});
