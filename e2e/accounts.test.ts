import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { linkIn, mailTo } from '../apps/server/src/test-support/account-mails';
import { startTestMailServer } from '../apps/server/src/test-support/smtp-server';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

// A real SMTP server the shop mails through; the journeys open the links from the mails it got.
const smtp = await startTestMailServer();
afterAll(() => smtp.close());

const journey = journeys({
  env: { SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1' },
  // A refused call is a console error in Chromium; a wrong current password is refused on purpose.
  expectedProblems: /status of 40/,
});
const { open, api } = journey;

const VERIFY = 'Verify your email';
const RESET = 'Reset your password';

async function signUp(page: Page, who: { name: string; email: string; password: string }) {
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(`${journey.baseUrl}/`);
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
}

/** The link of the `nth` mail to `email` with this subject, on the shop the browser uses. */
async function mailedLink(email: string, subject: string, nth = 1): Promise<string> {
  const { link } = linkIn((await mailTo(smtp, email, subject, nth)).text);
  expect(link.startsWith(journey.baseUrl)).toBe(true);
  return link;
}

describe('verifying the email', () => {
  it('signs up, reads the mail, opens its link: the email is verified', async () => {
    const who = {
      name: 'Padma Instruments',
      email: 'padma@instruments.example',
      password: 'padma-password-1',
    };
    const page = await open('/signup');
    await signUp(page, who);
    await page.getByText('Not verified').waitFor();
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByText('A new verification email is on its way.').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    const link = await mailedLink(who.email, VERIFY, 2);
    expect(link).toMatch(/\/verify-email#token=/);
    await page.goto(link);
    await page.getByRole('status').filter({ hasText: 'Your email is verified' }).waitFor();
    // The token leaves the address bar once read.
    expect(new URL(page.url()).hash).toBe('');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'verify-email-desktop');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.getByText('Verified', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Resend verification email' }).count()).toBe(0);

    // The first mail's link, opened on a phone where nobody is signed in: the link proves the
    // mailbox, signing in the password; the page asks for the sign-in, then finishes.
    const phone = await open(await mailedLink(who.email, VERIFY, 1), PHONE);
    await phone.getByText('Log in to your account to finish verifying your email').waitFor();
    expect(new URL(phone.url()).hash).toBe('');
    expect(await seriousAccessibilityProblems(phone)).toEqual([]);
    await screenshot(phone, 'verify-email-sign-in-first-phone');
    await phone.locator('#main').getByRole('link', { name: 'Login' }).click();
    await journey.logIn(phone, { email: who.email, password: who.password });
    await phone.waitForURL('**/verify-email');
    await phone.getByText('Your email is verified').waitFor();
    await screenshot(phone, 'verify-email-phone');

    // A link used once is refused (in its account's session, where the link is checked), with
    // the way to a new one.
    await page.goto(link);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/used, expired or unknown/);
    await page.locator('#main').getByRole('button', { name: 'Resend verification email' }).waitFor();
  });
});

describe("an account opened with someone else's email", () => {
  it("verifies nothing for the mailbox's owner who clicks the genuine mail; a reset takes it back clean", async () => {
    const owner = {
      name: 'Karnaphuli Controls',
      email: 'owner@karnaphuli.example',
      password: 'owner-password-1',
    };
    // Someone else signs up first with the owner's email and a password of theirs, and saves an address.
    const squatter = await api('/api/auth/signup', {
      method: 'POST',
      body: { name: 'Not the owner', email: owner.email, password: 'squatter-password-1' },
    });
    expect(squatter.status).toBe(201);

    const page = await open(await mailedLink(owner.email, VERIFY));
    await page.getByText('Log in to your account to finish verifying your email').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'verify-email-sign-in-first-desktop');
    await page.getByRole('link', { name: 'Reset the password' }).click();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account has this email' }).waitFor();

    await page.goto(await mailedLink(owner.email, RESET));
    await page.getByLabel('New password', { exact: true }).fill(owner.password);
    await page.getByLabel('Repeat new password').fill(owner.password);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/login?reset=done');
    await journey.logIn(page, owner);
    await page.waitForURL(`${journey.baseUrl}/`);
    await page.goto('/dashboard');
    await page.getByText('Verified', { exact: true }).waitFor();
    // The earlier holder's password no longer opens the account.
    const theirs = await api('/api/auth/login', {
      method: 'POST',
      body: { email: owner.email, password: 'squatter-password-1' },
    });
    expect(theirs.status).toBe(401);
  });
});

describe('forgetting the password', () => {
  it('asks for a link from /login, opens the mailed link, sets a new password and logs in with it', async () => {
    const who = { name: 'Jamuna Tools', email: 'jamuna@tools.example', password: 'jamuna-password-1' };
    await signUp(await open('/signup'), who);

    const page = await open('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot password' }).waitFor();
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'forgot-password-desktop');
    await page.getByLabel('Email').fill(who.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account has this email' }).waitFor();

    const phone = await open('/forgot-password', PHONE);
    await phone.getByLabel('Email').fill('nobody@nowhere.example');
    await phone.getByRole('button', { name: 'Send reset link' }).click();
    // The same answer for an email no account has.
    await phone.getByRole('status').filter({ hasText: 'If an account has this email' }).waitFor();
    await screenshot(phone, 'forgot-password-phone');

    await page.goto(await mailedLink(who.email, RESET));
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    // The page arrives rendered; the app then reads the token and takes it out of the address bar.
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('type')).toBe('password');
    await page.getByLabel('New password', { exact: true }).fill('jamuna-new-password');
    await page.getByLabel('Repeat new password').fill('jamuna-typo-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The two passwords are not the same').waitFor();
    await page.getByLabel('Repeat new password').fill('jamuna-new-password');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'reset-password-desktop');
    await page.getByRole('button', { name: 'Set new password' }).click();

    await page.waitForURL('**/login?reset=done');
    await page.getByText('Your password is reset. Log in with your new password.').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await journey.logIn(page, { email: who.email, password: 'jamuna-new-password' });
    await page.waitForURL(`${journey.baseUrl}/`);
    expect((await api('/api/auth/login', { method: 'POST', body: who })).status).toBe(401);

    // The reset page on a phone, from a second link.
    expect(
      (await api('/api/auth/password-reset/request', { method: 'POST', body: { email: who.email } })).status,
    ).toBe(202);
    const small = await open(await mailedLink(who.email, RESET, 2), PHONE);
    await small.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await screenshot(small, 'reset-password-phone');
  });
});

describe('changing the password', () => {
  it('changes it on My Profile: a wrong current password is refused, the right one works', async () => {
    const who = { name: 'Karnaphuli Works', email: 'karnaphuli@works.example', password: 'karna-password-1' };
    const page = await open('/signup');
    await signUp(page, who);
    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password').fill('karna-new-password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').filter({ hasText: 'Your current password is wrong' }).waitFor();

    await form.getByLabel('Current password').fill(who.password);
    await form.getByLabel('New password').fill('karna-new-password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('status').filter({ hasText: 'Your password is changed' }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'change-password-desktop');
    // Still signed in here; the new password is the one that works.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    expect((await api('/api/auth/login', { method: 'POST', body: who })).status).toBe(401);
    const renewed = { email: who.email, password: 'karna-new-password' };
    expect((await api('/api/auth/login', { method: 'POST', body: renewed })).status).toBe(200);

    const phone = await journey.signedIn('/dashboard', renewed, PHONE);
    await phone.getByRole('region', { name: 'Change password' }).waitFor();
    await screenshot(phone, 'change-password-phone');
  });
});
