import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, signUpAdmin } from '../test-support/accounts.js';
import { createTestShop, type TestShop } from '../test-support/test-app.js';

/**
 * Secrets never reach a log line: the shop runs a whole buyer's journey at the most talkative
 * log level, failures included, and every line written is searched for what must not be there.
 */
let shop: TestShop;
let lines = '';
beforeAll(async () => {
  shop = await createTestShop({
    demo: false,
    env: { LOG_LEVEL: 'trace' },
    logStream: {
      write(line: string) {
        lines += line;
      },
    },
  });
});
afterAll(async () => {
  await shop.close();
});

describe('the logs', () => {
  it('hold no password, hash, token, client secret or card number', async () => {
    const admin = await signUpAdmin(shop.app, shop.database.db);
    const buyer = await signUp(shop.app);
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: buyer.email, password: buyer.password },
    });
    const wrong = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: buyer.email, password: 'a wrong secret password' },
    });
    expect(wrong.statusCode).toBe(401);
    const refreshed = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: login.json().refreshToken },
    });
    const part = await shop.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: bearer(admin),
      payload: {
        name: 'Log part',
        desc: 'D',
        img: 'https://example.com/p.webp',
        min_order_quantity: 1,
        available_quantity: 9,
        price_per_piece: 2,
      },
    });
    const order = await shop.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: bearer(buyer),
      payload: { partsId: part.json().insertedId, quantity: 2, mobile: '+880 1712 345678', address: 'Dhaka' },
    });
    const intent = await shop.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bearer(buyer),
      payload: { _id: order.json().insertedId },
    });
    const clientSecret = intent.json().clientSecret;
    await shop.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: bearer(buyer),
      payload: { clientSecret, card: { number: '4000000000000002', exp: '12/34', cvc: '987' } },
    });
    await shop.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=secret-code&state=s' });
    await shop.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: `Bearer ${buyer.accessToken}x` },
    });

    const hash = (
      await shop.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', buyer.uid)
        .executeTakeFirst()
    )?.password_hash;
    expect(lines.length).toBeGreaterThan(1000);
    const secrets = {
      password: buyer.password,
      'wrong password': 'a wrong secret password',
      'password hash': hash ?? 'no hash',
      'access token': buyer.accessToken,
      'refresh token': login.json().refreshToken,
      'rotated refresh token': refreshed.json().refreshToken,
      'client secret': clientSecret,
      'card number': '4000000000000002',
      'authorization code': 'secret-code',
    };
    for (const [what, secret] of Object.entries(secrets)) {
      expect(lines.includes(secret), `${what} was logged`).toBe(false);
    }
  });
});
