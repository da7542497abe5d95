import { describe, expect } from 'vitest';
import { test } from '../test-support/fixture.js';

/**
 * Secrets never reach a log line: the shop runs a whole buyer's journey at the most talkative
 * log level, failures included, and every line written is searched for what must not be there.
 */
let lines = '';
test.override('shopOptions', {
  demo: false,
  env: { LOG_LEVEL: 'trace' },
  logStream: {
    write(line: string) {
      lines += line;
    },
  },
});

describe('the logs', () => {
  test('hold no password, hash, token, client secret or card number', async ({ shop, as, admin, buyer }) => {
    const visitor = as(null);
    const login = await visitor.post('/api/auth/login', { email: buyer.email, password: buyer.password });
    const wrong = await visitor.post('/api/auth/login', {
      email: buyer.email,
      password: 'a wrong secret password',
    });
    expect(wrong.statusCode).toBe(401);
    const refreshed = await visitor.post('/api/auth/refresh', { refreshToken: login.json().refreshToken });
    const part = await as(admin).post('/api/parts', {
      name: 'Log part',
      desc: 'D',
      img: 'https://example.com/p.webp',
      min_order_quantity: 1,
      available_quantity: 9,
      price_per_piece: 2,
    });
    const order = await as(buyer).post('/api/purchase', {
      partsId: part.json().insertedId,
      quantity: 2,
      mobile: '+880 1712 345678',
      address: 'Dhaka',
    });
    const intent = await as(buyer).post('/api/create-payment-intent', { _id: order.json().insertedId });
    const clientSecret = intent.json().clientSecret;
    await as(buyer).post('/api/payments/test/confirm', {
      clientSecret,
      card: { number: '4000000000000002', exp: '12/34', cvc: '987' },
    });
    await visitor.get('/api/auth/google/callback?code=secret-code&state=s');
    await as({ accessToken: `${buyer.accessToken}x` }).get('/api/users');

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
