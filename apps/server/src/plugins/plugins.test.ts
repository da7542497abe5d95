import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authGuardPlugin } from '../modules/auth/index.js';
import { createTestShop, type TestShop } from '../test-support/test-app.js';
import { configPlugin } from './config.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ demo: false });
});
afterAll(async () => {
  await shop?.close();
});

describe("the shop's plugins", () => {
  it('refuses at start a part registered before what it needs, naming it', async () => {
    const app = Fastify();
    app.register(configPlugin, { config: shop.config }).register(authGuardPlugin);
    await expect(app.ready()).rejects.toThrow(/'database'.*'auth-guard'|'auth-guard'.*'database'/);
    await app.close();
  });
});
