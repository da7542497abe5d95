import { describe, expect } from 'vitest';
import { signUp, type TestAccount } from '../../test-support/accounts.js';
import { test as shopTest } from '../../test-support/fixture.js';

let lines = '';
// No SMTP_URL: the links go to the log, where the operator finds them.
shopTest.override('shopOptions', {
  demo: false,
  env: { LOG_LEVEL: 'info', RATE_LIMIT_PASSWORD_CHANGE_FAILURES_PER_ACCOUNT: '3' },
  logStream: {
    write(line: string) {
      lines += line;
    },
  },
});

/** The log lines (JSON) with this message. */
const logged = (message: string) =>
  lines
    .split('\n')
    .filter((line) => line.includes(message))
    .map((line) => JSON.parse(line) as { level: number; msg: string; link: string; userId: string });

const test = shopTest
  .extend(
    'change',
    { scope: 'file' },
    ({ as }) =>
      (account: TestAccount, payload: unknown) =>
        as(account).put('/api/auth/password', payload as object),
  )
  .extend(
    'login',
    { scope: 'file' },
    ({ as }) =>
      (email: string, password: string) =>
        as(null).post('/api/auth/login', { email, password }),
  )
  .extend(
    'refresh',
    { scope: 'file' },
    ({ as }) =>
      (refreshToken: string) =>
        as(null).post('/api/auth/refresh', { refreshToken }),
  )
  .extend(
    'whoAmI',
    { scope: 'file' },
    ({ as }) =>
      (account: { email: string; accessToken: string }) =>
        as(account).get(`/api/usersByEmail?email=${account.email}`),
  );

describe('PUT /api/auth/password', () => {
  test('changes the password, keeps this sign-in and ends the others', { timeout: 60_000 }, async ({
    shop,
    change,
    login,
    refresh,
    whoAmI,
  }) => {
    const buyer = await signUp(shop.app);
    const other = (await login(buyer.email, buyer.password)).json();
    const res = await change(buyer, { currentPassword: buyer.password, newPassword: 'a fresh password' });
    expect(res.statusCode).toBe(204);
    expect((await whoAmI(buyer)).statusCode).toBe(200);
    expect((await refresh(buyer.refreshToken)).statusCode).toBe(200);
    expect((await whoAmI({ email: buyer.email, accessToken: other.accessToken })).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await login(buyer.email, buyer.password)).statusCode).toBe(401);
    expect((await login(buyer.email, 'a fresh password')).statusCode).toBe(200);
  });

  test('answers 401 to a wrong current password, and 429 after too many', { timeout: 60_000 }, async ({
    shop,
    change,
    login,
  }) => {
    const buyer = await signUp(shop.app);
    const wrong = await change(buyer, { currentPassword: 'not my password', newPassword: 'whatever it is' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({
      code: 'unauthenticated',
      message: 'Your current password is wrong',
    });
    await change(buyer, { currentPassword: 'not my password', newPassword: 'whatever it is' });
    await change(buyer, { currentPassword: 'not my password', newPassword: 'whatever it is' });
    const limited = await change(buyer, { currentPassword: buyer.password, newPassword: 'whatever it is' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await login(buyer.email, buyer.password)).statusCode).toBe(200);
  });

  test('refuses a visitor (401), bad input (400) and an account without a password (409)', {
    timeout: 60_000,
  }, async ({ shop, as, change }) => {
    const visitor = await as(null).put('/api/auth/password', {
      currentPassword: 'x',
      newPassword: 'long enough',
    });
    expect(visitor.statusCode).toBe(401);
    const buyer = await signUp(shop.app);
    for (const body of [
      {},
      { currentPassword: buyer.password },
      { newPassword: 'long enough' },
      { currentPassword: buyer.password, newPassword: 'short' },
      { currentPassword: buyer.password, newPassword: 'x'.repeat(129) },
      { currentPassword: '', newPassword: 'long enough' },
      { currentPassword: 12345678, newPassword: true },
    ]) {
      const res = await change(buyer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    await shop.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', buyer.uid)
      .execute();
    const none = await change(buyer, { currentPassword: buyer.password, newPassword: 'long enough' });
    expect(none.statusCode).toBe(409);
  });
});

describe('without SMTP_URL', () => {
  test('writes the verification and reset links to the log at info, where they work', {
    timeout: 60_000,
  }, async ({ shop, as, login, whoAmI }) => {
    const buyer = await signUp(shop.app);
    const [verification] = logged('verification link (no SMTP_URL: mail not sent)').filter(
      (line) => line.userId === buyer.uid,
    );
    expect(verification?.level).toBe(30);
    expect(verification?.link).toMatch(/^http:\/\/localhost:3000\/verify-email#token=[\w-]+\.[\w-]{43}$/);
    const token = verification?.link.split('#token=')[1];
    const verified = await as(buyer).post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect((await whoAmI(buyer)).json().emailVerified).toBe(true);

    const requested = await as(null).post(
      '/api/auth/password-reset/request',
      { email: buyer.email },
      { host: 'shop.test:8080' },
    );
    expect(requested.statusCode).toBe(202);
    const [reset] = logged('password reset link (no SMTP_URL: mail not sent)').filter(
      (line) => line.userId === buyer.uid,
    );
    expect(reset?.link).toMatch(/^http:\/\/localhost:3000\/reset-password#token=/);
    const done = await as(null).post('/api/auth/password-reset', {
      token: reset?.link.split('#token=')[1],
      password: 'reset from the log',
    });
    expect(done.statusCode).toBe(204);
    expect((await login(buyer.email, 'reset from the log')).statusCode).toBe(200);
    expect(await shop.database.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
  });
});

describe('the API document', () => {
  test('describes the account calls, their answers and who may call them', async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    const call = (path: string, method = 'post') => doc.paths[path][method];
    const answers = (path: string, method?: string) => Object.keys(call(path, method).responses).sort();
    expect(answers('/api/auth/verify-email')).toEqual(['200', '400', '401', '403', '415', '429']);
    expect(answers('/api/auth/verify-email/resend')).toEqual(['202', '401', '409', '429']);
    expect(answers('/api/auth/password-reset/request')).toEqual(['202', '400', '415', '429']);
    expect(answers('/api/auth/password-reset')).toEqual(['204', '400', '415', '429', '503']);
    expect(answers('/api/auth/password', 'put')).toEqual(['204', '400', '401', '409', '415', '429', '503']);
    expect(call('/api/auth/password', 'put').security).toEqual([{ bearer: [] }]);
    expect(call('/api/auth/password', 'put').requestBody.content['application/json'].schema.required).toEqual(
      ['currentPassword', 'newPassword'],
    );
  });
});
