import { expect } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { test } from '../../test-support/fixture.js';

test.override('shopOptions', { demo: false, env: { RATE_LIMIT_BOMS_PER_ACCOUNT: '2' } });

test('reads so many BOMs a window per account, then 429 with retry-after; other buyers go on', async ({
  shop,
  as,
  buyer,
}) => {
  const read = (who: { accessToken: string }) => as(who).post('/api/bom', { text: 'A1321\t2' });
  expect((await read(buyer)).statusCode).toBe(200);
  expect((await read(buyer)).statusCode).toBe(200);
  const refused = await read(buyer);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().error.code).toBe('rate_limited');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect((await read(await signUp(shop.app))).statusCode).toBe(200);
});
