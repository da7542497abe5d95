import { describe, expect } from 'vitest';
import { linkIn, mailTo } from '../../test-support/account-mails.js';
import { signUp } from '../../test-support/accounts.js';
import { mailTest } from '../../test-support/fixture.js';

// Anyone may ask for a reset link to any email: a stranger's requests, from addresses the account
// never signed in from, must neither void the owner's link nor use up the owner's mails.
const RESET = 'Reset your password';
const OWNER = '198.51.100.7';

mailTest.override('shopOptions', {
  demo: false,
  env: {
    MAIL_RETRY_SECONDS: '1',
    PUBLIC_URL: 'https://parts.example',
    RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL: '3',
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3',
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '6',
  },
});

const test = mailTest
  .extend(
    'post',
    { scope: 'file' },
    ({ shop }) =>
      (url: string, payload: object, remoteAddress = '127.0.0.1') =>
        shop.app.inject({ method: 'POST', url, payload, remoteAddress }),
  )
  .extend(
    'askReset',
    { scope: 'file' },
    ({ post }) =>
      (email: string, remoteAddress: string) =>
        post('/api/auth/password-reset/request', { email }, remoteAddress),
  )
  .extend(
    'reset',
    { scope: 'file' },
    ({ post }) =>
      (token: string, password: string, remoteAddress = '127.0.0.1') =>
        post('/api/auth/password-reset', { token, password }, remoteAddress),
  )
  .extend(
    'login',
    { scope: 'file' },
    ({ post }) =>
      (email: string, password: string, remoteAddress: string) =>
        post('/api/auth/login', { email, password }, remoteAddress),
  )
  .extend(
    'resetToken',
    { scope: 'file' },
    ({ smtp }) =>
      async (email: string, nth: number) =>
        linkIn((await mailTo(smtp, email, RESET, nth)).text).token,
  )
  .extend(
    'mailsTo',
    { scope: 'file' },
    ({ smtp }) =>
      (email: string) =>
        smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text === email).length,
  );

describe("a stranger's password reset requests", () => {
  test("leave the owner's pending link working; using it ends the stranger's", {
    timeout: 60_000,
  }, async ({ shop, askReset, reset, login, resetToken }) => {
    const owner = await signUp(shop.app);
    expect((await askReset(owner.email, OWNER)).statusCode).toBe(202);
    const owners = await resetToken(owner.email, 1);
    expect((await askReset(owner.email, '203.0.113.9')).statusCode).toBe(202);
    const strangers = await resetToken(owner.email, 2);

    expect((await reset(owners, 'the owner chose this', OWNER)).statusCode).toBe(204);
    const refused = await reset(strangers, 'a stranger chose this');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('invalid_token');
    expect((await login(owner.email, 'the owner chose this', OWNER)).statusCode).toBe(200);
  });

  test('do not use up the mails the owner asks for from their address, and the mails stay limited', {
    timeout: 60_000,
  }, async ({ shop, smtp, askReset, reset, login, resetToken, mailsTo }) => {
    const owner = await signUp(shop.app);
    expect((await login(owner.email, owner.password, OWNER)).statusCode).toBe(200);
    const strangers: number[] = [];
    for (let i = 1; i <= 5; i++) strangers.push((await askReset(owner.email, `203.0.113.${i}`)).statusCode);
    expect(strangers).toEqual([202, 202, 202, 429, 429]);
    await mailTo(smtp, owner.email, RESET, 3);

    // The owner still gets a mail, from the address they signed in from, and its link works.
    expect((await askReset(owner.email, OWNER)).statusCode).toBe(202);
    const token = await resetToken(owner.email, 4);
    // The owner's requests have their own limit: no address gets the mailbox flooded.
    const more: number[] = [];
    for (let i = 0; i < 3; i++) more.push((await askReset(owner.email, OWNER)).statusCode);
    expect(more).toEqual([202, 202, 429]);
    expect((await askReset(owner.email, '203.0.113.77')).statusCode).toBe(429);
    await mailTo(smtp, owner.email, RESET, 6);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(owner.email)).toBe(6 + 1); // and the verification mail of the sign-up
    expect((await reset(token, 'mine again, at last', OWNER)).statusCode).toBe(204);
  });

  test('let an owner locked out of a new address by guessing sign in there once they reset', {
    timeout: 60_000,
  }, async ({ shop, askReset, reset, login, resetToken }) => {
    const owner = await signUp(shop.app);
    const guesses: number[] = [];
    for (let i = 1; i <= 7; i++)
      guesses.push((await login(owner.email, 'guessing away', `192.0.2.${i}`)).statusCode);
    expect(guesses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    const travelling = '2001:db8:99::1';
    expect((await login(owner.email, owner.password, travelling)).statusCode).toBe(429);
    expect((await askReset(owner.email, travelling)).statusCode).toBe(202);
    const token = await resetToken(owner.email, 1);
    expect((await reset(token, 'back in, from afar', travelling)).statusCode).toBe(204);
    expect((await login(owner.email, 'back in, from afar', travelling)).statusCode).toBe(200);
    // Strangers' addresses still meet the account's ceiling.
    expect((await login(owner.email, 'back in, from afar', '192.0.2.50')).statusCode).toBe(429);
  });
});
