import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect } from 'vitest';
import { bearer, type TestAccount } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';
import { anotherServer } from '../../test-support/test-app.js';

// Two servers behind a load balancer: one database, one signing key, each its own DATA_DIR, and
// one UPLOADS_DIR on a shared volume. A picture uploaded through either is served by both.
const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shared-uploads-'));
const otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-second-server-'));
const env = { UPLOADS_DIR: shared, JWT_SECRET: 'a signing key both servers share, 32+ chars' };

/** The file's shop (the first server) and its admin, and a second server on its database. */
const test = shopTest.extend('second', { scope: 'file' }, async ({ shop }, { onCleanup }) => {
  const second = await anotherServer(shop, { ...env, DATA_DIR: otherDataDir });
  onCleanup(() => second.close());
  return second;
});
test.override('shopOptions', { demo: false, env });
afterAll(() => {
  fs.rmSync(shared, { recursive: true, force: true });
  fs.rmSync(otherDataDir, { recursive: true, force: true });
});

async function uploadThrough(
  app: FastifyInstance,
  admin: TestAccount,
  colour: { r: number; g: number; b: number },
) {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const boundary = `----shop${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="part.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/images',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.url as string;
}

describe('UPLOADS_DIR shared by two servers', () => {
  test('serves on each server the pictures uploaded through the other', async ({ shop, second, admin }) => {
    const viaFirst = await uploadThrough(shop.app, admin, { r: 200, g: 30, b: 30 });
    const viaSecond = await uploadThrough(second, admin, { r: 30, g: 30, b: 200 });
    expect(viaFirst).not.toBe(viaSecond);

    for (const [url, server] of [
      [viaFirst, second],
      [viaSecond, shop.app],
    ] as const) {
      const served = await server.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
  });

  test('keeps the pictures in the shared folder, not under either server’s DATA_DIR', ({ shop }) => {
    const pictures = fs.readdirSync(shared).filter((f) => f.endsWith('.webp'));
    expect(pictures).toHaveLength(2);
    for (const dataDir of [shop.dataDir, otherDataDir]) {
      expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
    }
  });
});
