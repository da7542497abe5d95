import Fastify from 'fastify';
import { describe, expect } from 'vitest';
import { authGuardPlugin } from '../modules/auth/index.js';
import { test } from '../test-support/fixture.js';
import { configPlugin } from './config.js';

describe("the shop's plugins", () => {
  test('refuses at start a part registered before what it needs, naming it', async ({ shop }) => {
    const app = Fastify();
    app.register(configPlugin, { config: shop.config }).register(authGuardPlugin);
    await expect(app.ready()).rejects.toThrow(/'database'.*'auth-guard'|'auth-guard'.*'database'/);
    await app.close();
  });
});
