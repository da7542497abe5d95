import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { linkIn, mailTo } from '../apps/server/src/test-support/account-mails';
import { startTestMailServer } from '../apps/server/src/test-support/smtp-server';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

// A real SMTP server the shop mails through; the journeys open the links from the mails it got.
const smtp = await startTestMailServer();
afterAll(() => smtp.close());

const admin = { email: 'companies-admin@parts-shop.example', password: 'admin-password-9' };
const journey = journeys({
  env: {
    SMTP_URL: smtp.url,
    MAIL_RETRY_SECONDS: '1',
    SEED_ADMIN_EMAIL: admin.email,
    SEED_ADMIN_PASSWORD: admin.password,
  },
  // A refused call is a console error in Chromium; joining before verifying is refused on purpose.
  expectedProblems: /status of 40/,
});
const { open, signedIn } = journey;

/** The link of the `nth` mail to `email` whose subject starts so, on the shop the browser uses. */
async function mailedLink(email: string, subject: string, nth = 1): Promise<string> {
  const { link } = linkIn((await mailTo(smtp, email, subject, nth)).text);
  expect(link.startsWith(journey.baseUrl)).toBe(true);
  return link;
}

async function signUp(page: Page, who: { name: string; email: string; password: string }) {
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

describe('a company', () => {
  // The whole life of a company in one journey (about 45 s on a quiet machine): more than a journey's minute.
  it('is created by a verified buyer, who invites a colleague; the colleague signs up, verifies and joins', async () => {
    const owner = {
      name: 'Farida Rahman',
      email: 'farida@karnaphuli.example',
      password: 'farida-password-1',
    };
    const colleague = {
      name: 'Tanvir Hossain',
      email: 'tanvir@karnaphuli.example',
      password: 'tanvir-password-1',
    };

    // The buyer signs up and verifies the email through the mailed link.
    const page = await open('/signup');
    await signUp(page, owner);
    await page.waitForURL(`${journey.baseUrl}/`);
    await page.goto(await mailedLink(owner.email, 'Verify your email'));
    await page.getByText('Your email is verified').waitFor();

    // Company in the dashboard: no company yet, so the form to create one.
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Company' }).click();
    await page.getByRole('heading', { level: 1, name: 'Company' }).waitFor();
    const create = page.getByRole('region', { name: 'Create a company' });
    await create.getByLabel('Company name').fill('Karnaphuli Assemblies Ltd');
    await create.getByLabel('VAT id').fill('BD-123456789');
    await create.getByRole('button', { name: 'Create company' }).click();
    await page.getByRole('heading', { level: 2, name: 'Karnaphuli Assemblies Ltd' }).waitFor();
    await page.getByText('BD-123456789').waitFor();
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByRole('cell', { name: /Farida Rahman \(you\)/ }).waitFor();

    // The admin invites a colleague as a buyer with a monthly limit.
    const invite = page.getByRole('region', { name: 'Invite a colleague' });
    await invite.getByLabel('Email').fill(colleague.email);
    await invite.getByLabel('Role').selectOption('buyer');
    await invite.getByLabel('Monthly limit ($)').fill('2500');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite
      .getByRole('status')
      .filter({ hasText: `Invitation sent to ${colleague.email}` })
      .waitFor();
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await pending.getByText(colleague.email).waitFor();
    await pending.getByText('$2,500 a month').waitFor();

    // The colleague opens the mailed link, signed out: sign up first, the invitation kept.
    const link = await mailedLink(colleague.email, 'Join Karnaphuli Assemblies Ltd');
    expect(link).toMatch(/\/invitations#token=[\w-]{43}$/);
    const phone = await open(link, PHONE);
    await phone.getByRole('heading', { level: 1, name: 'Company invitation' }).waitFor();
    // The page arrives rendered, waiting for the token; the app reads it (and takes it out of the
    // address bar), then asks the visitor to sign in or up.
    await phone.locator('#main').getByRole('link', { name: 'Sign Up' }).waitFor();
    expect(new URL(phone.url()).hash).toBe('');
    expect(await seriousAccessibilityProblems(phone)).toEqual([]);
    await screenshot(phone, 'invitation-signed-out-phone');
    await phone.locator('#main').getByRole('link', { name: 'Sign Up' }).click();
    await signUp(phone, colleague);
    // Back on the invitation, which waits for the email to be verified.
    await phone.waitForURL('**/invitations');
    await phone.getByRole('alert').filter({ hasText: 'Verify your email address first' }).waitFor();
    await screenshot(phone, 'invitation-unverified-phone');
    await phone.goto(await mailedLink(colleague.email, 'Verify your email'));
    await phone.getByText('Your email is verified').waitFor();
    // The invitation's link again: now the colleague joins and sees the company.
    await phone.goto(link);
    await phone.getByRole('status').filter({ hasText: 'You joined Karnaphuli Assemblies Ltd' }).waitFor();
    await phone.getByText('$2,500 a month').waitFor();
    expect(await seriousAccessibilityProblems(phone)).toEqual([]);
    await screenshot(phone, 'invitation-joined-phone');
    await phone.getByRole('link', { name: 'Go to your company' }).click();
    await phone.getByRole('heading', { level: 2, name: 'Karnaphuli Assemblies Ltd' }).waitFor();
    // A buyer of the company sees its members, and neither the invitations nor the actions.
    expect(await phone.getByRole('region', { name: 'Invite a colleague' }).count()).toBe(0);
    expect(await phone.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

    // The company's admin sees the colleague as a member, and the invitation gone.
    await page.reload();
    await members.getByRole('cell', { name: /^Tanvir Hossain/ }).waitFor();
    await members.getByText('$2,500 a month').filter({ visible: true }).waitFor();
    await pending.getByText('No invitations waiting.').waitFor();

    // The admin raises the colleague's limit in place.
    await members.getByRole('button', { name: 'Change Tanvir Hossain' }).click();
    await members.getByLabel('Monthly limit ($)').filter({ visible: true }).fill('4000');
    await members.getByRole('button', { name: 'Save' }).click();
    await members.getByText('$4,000 a month').filter({ visible: true }).waitFor();
    // Removing asks first; 'no' keeps the member.
    await members.getByRole('button', { name: 'Remove Tanvir Hossain' }).click();
    await page.getByRole('heading', { name: 'Are you sure?' }).waitFor();
    await page.getByRole('button', { name: 'no' }).click();
    await members.getByRole('cell', { name: /^Tanvir Hossain/ }).waitFor();
    // An invitation left waiting, for the picture.
    await invite.getByLabel('Email').fill('shahid.islam@karnaphuli.example');
    await invite.getByLabel('Role').selectOption('admin');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await pending.getByText('shahid.islam@karnaphuli.example').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'company-desktop');
    const ownerPhone = await signedIn('/dashboard/company', owner, PHONE);
    const phoneMembers = ownerPhone.getByRole('region', { name: 'Members' });
    // A card a member: the role and the limit each under its name.
    const colleagueCard = phoneMembers.getByRole('row').filter({ hasText: 'Tanvir Hossain' });
    await colleagueCard.getByRole('cell', { name: '$4,000 a month', exact: true }).waitFor();
    await colleagueCard.getByRole('cell', { name: 'Buyer', exact: true }).waitFor();
    await screenshot(ownerPhone, 'company-phone');

    // The shop's admin lists the companies and puts this one on net 30.
    const shop = await signedIn('/dashboard', admin);
    await shop
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Companies' })
      .click();
    await shop.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();
    const row = shop.getByRole('row', { name: /Karnaphuli Assemblies Ltd/ });
    await row.getByRole('cell', { name: '2', exact: true }).waitFor();
    await row.getByText('VAT id: BD-123456789').waitFor();
    await row.getByLabel('Payment terms of Karnaphuli Assemblies Ltd').selectOption('net30');
    await shop.getByText('Karnaphuli Assemblies Ltd now pays by invoice (net 30)').waitFor();
    expect(await seriousAccessibilityProblems(shop)).toEqual([]);
    await screenshot(shop, 'companies-admin-desktop');
    const shopPhone = await signedIn('/dashboard/companies', admin, PHONE);
    await shopPhone.getByRole('row', { name: /Karnaphuli Assemblies Ltd/ }).waitFor();
    await screenshot(shopPhone, 'companies-admin-phone');
    await page.reload();
    await page.getByText('Net 30 (invoice, 30 days to pay)').waitFor();

    // The colleague orders past their monthly limit of $4,000: the order waits for approval.
    const part = await journey.addPart(await journey.tokenOf(admin), {
      name: 'Oscilloscope Probe Kit 200 MHz',
      price: 100,
      available: 500,
      min: 10,
      desc: 'A part for the companies journey',
    });
    await phone.goto(`/purchase/${part._id}`);
    await phone.getByRole('heading', { level: 1, name: 'Purchase' }).waitFor();
    await phone.getByLabel('Quantity').fill('45');
    await phone.getByLabel('Mobile').fill('+880 1819 000222');
    await phone.getByLabel('Address').fill('Plot 7, CEPZ, Chattogram');
    await phone.getByRole('button', { name: 'Buy' }).click();
    await phone.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
    const ordered = phone.getByRole('row').filter({ hasText: part.name });
    await ordered.getByText('Waiting for approval', { exact: true }).waitFor();
    await ordered.getByText(/past your monthly limit of \$4,000/).waitFor();

    // The company's admin, mailed, approves it on the Company page; on net 30 it is invoiced.
    await mailTo(smtp, owner.email, 'Approval needed');
    await page.reload();
    const approvals = page.getByRole('region', { name: /Approvals/ });
    await approvals
      .getByRole('button', { name: `Approve the order of ${colleague.name} for ${part.name}` })
      .click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('alert').filter({ hasText: 'Order approved' }).waitFor();
    await page
      .getByRole('region', { name: 'All orders' })
      .getByRole('row')
      .filter({ hasText: colleague.name })
      .getByText(/^Invoiced, due /)
      .waitFor();
    await mailTo(smtp, colleague.email, 'Order approved');
    await mailTo(smtp, colleague.email, 'Invoice INV-');

    // The shop's admin records the bank transfer: the order is paid, for the colleague too.
    await shop.goto('/dashboard/manage-all-order');
    const invoiced = shop.getByRole('row').filter({ hasText: part.name });
    await invoiced.getByRole('button', { name: /^Record payment of INV-/ }).click();
    const form = shop.getByRole('dialog', { name: 'Record payment' });
    await form.getByLabel('Bank reference').fill('DBBL-TRX-0042');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await invoiced.getByText('Paid', { exact: true }).waitFor();
    await mailTo(smtp, colleague.email, 'Payment received');
    await phone.reload();
    await phone.getByRole('row').filter({ hasText: part.name }).getByText('Paid', { exact: true }).waitFor();
  }, 150_000);

  it('tells a signed-in person of another email, and a used link, what is wrong', async () => {
    const owner = { name: 'Rupsha Traders', email: 'rupsha@traders.example', password: 'rupsha-password-1' };
    const page = await open('/signup');
    await signUp(page, owner);
    await page.waitForURL(`${journey.baseUrl}/`);
    const ownerToken = await journey.tokenOf(owner);
    const link = await mailedLink(owner.email, 'Verify your email');
    // The link verifies in its account's session.
    const verified = await journey.api('/api/auth/verify-email', {
      method: 'POST',
      token: ownerToken,
      body: { token: link.split('#token=')[1] },
    });
    expect(verified.status).toBe(200);
    const made = await journey.api('/api/companies', {
      method: 'POST',
      token: ownerToken,
      body: { name: 'Rupsha Traders Ltd' },
    });
    expect(made.status).toBe(201);
    const invited = 'meghna@traders.example';
    await journey.api(`/api/companies/${made.json.insertedId}/invitations`, {
      method: 'POST',
      token: ownerToken,
      body: { email: invited, role: 'buyer' },
    });
    const invitation = await mailedLink(invited, 'Join Rupsha Traders Ltd');
    // The owner, signed in with another email, opens the colleague's link.
    await page.goto(invitation);
    await page
      .getByRole('alert')
      .filter({ hasText: 'This invitation was sent to another email address' })
      .waitFor();
    await screenshot(page, 'invitation-wrong-account-desktop');
    // A link that is not one (cut short in a mail client), opened signed in as the invited person.
    const invitee = await open('/signup');
    await signUp(invitee, { name: 'Meghna Parts', email: invited, password: 'meghna-password-1' });
    await invitee.waitForURL(`${journey.baseUrl}/`);
    await invitee.goto(invitation.slice(0, -5));
    await invitee.getByRole('alert').filter({ hasText: 'used, expired or unknown' }).waitFor();
    await screenshot(invitee, 'invitation-invalid-desktop');
  });
});
