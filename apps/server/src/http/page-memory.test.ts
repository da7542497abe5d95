import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webDistDir } from '../paths.js';
import { createTestShop, type TestShop } from '../test-support/test-app.js';

// `npm test` builds the web app (client and server builds) first.
const built = fs.existsSync(path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js'));

/** V8's collector, asked for through its own flag (vitest's workers start without --expose-gc). */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** What the process holds now, after a full collection: the JavaScript heap and its buffers. */
function held(): number {
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

const MB = 1024 * 1024;
const paymentPage = () => `/dashboard/payment/${randomBytes(12).toString('hex')}`;

describe.runIf(built)('rendered pages asked for under made-up addresses', () => {
  let shop: TestShop;
  let port: number;
  // Real requests over kept-alive connections: app.inject itself holds on to some of each request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  beforeAll(async () => {
    shop = await createTestShop({ webDist: webDistDir });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await shop.close();
  });

  const get = (url: string) =>
    new Promise<{ status: number; etag: string | undefined; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: url, agent, headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });

  it('sends every payment address the one page kept for the route', async () => {
    const [first, second] = [await get(paymentPage()), await get(paymentPage())];
    expect(first.status).toBe(200);
    expect(first.etag).toBeDefined();
    expect(first.etag).toBe(second.etag);
    expect(first.body.equals(second.body)).toBe(true);
  });

  it('leaves the memory where it was after 10,000 requests for random /dashboard/payment/<x>', async () => {
    for (let i = 0; i < 200; i++) await get(paymentPage());
    const before = held();
    for (let done = 0; done < 10_000; done += 50) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => get(paymentPage())));
      for (const answer of answers) expect(answer.status).toBe(200);
      // Checked as it goes: a server keeping each address is far past this within a thousand.
      if ((done + 50) % 1000 === 0) {
        expect((held() - before) / MB, `after ${done + 50} requests`).toBeLessThan(8);
      }
    }
    // The public pages were not pushed out meanwhile: the home page is still the one kept.
    const home = await get('/');
    expect((await get('/')).etag).toBe(home.etag);
  }, 120_000);
});
