import { describe, expect } from 'vitest';
import { signUp, type TestAccount, uniqueEmail } from '../../test-support/accounts.js';
import { markVerified } from '../../test-support/companies.js';
import { type As, test } from '../../test-support/fixture.js';
import type { TestShop } from '../../test-support/test-app.js';

/**
 * The shop is nobody's mail relay: an address nobody verified gets only the mails that prove it,
 * whatever reaches admins or strangers is limited per account and company, and no one-line field
 * takes the line breaks that would lay text out inside a mail.
 */
// The fixture's shop and `as`, kept for the helpers below.
let shop: TestShop;
let as: As;
let part: { _id: string; min_order_quantity: number };
const QUOTE_REQUESTS = 3;
const INVITATIONS_PER_ACCOUNT = 3;
const INVITATIONS_PER_COMPANY = 4;

test.override('shopOptions', {
  demo: true,
  env: {
    // A mail server nobody listens on: the outbox rows are what these tests read.
    SMTP_URL: 'smtp://127.0.0.1:9',
    RATE_LIMIT_QUOTE_REQUESTS_PER_ACCOUNT: String(QUOTE_REQUESTS),
    RATE_LIMIT_INVITATIONS_PER_ACCOUNT: String(INVITATIONS_PER_ACCOUNT),
    RATE_LIMIT_INVITATIONS_PER_COMPANY: String(INVITATIONS_PER_COMPANY),
  },
});

// The shop's admin (asked for, so signed up) first: quote requests mail the admins.
// biome-ignore lint/correctness/noUnusedFunctionParameters: vitest makes the fixtures a hook names
test.beforeAll(async ({ shop: fixtureShop, as: fixtureAs, admin }) => {
  [shop, as] = [fixtureShop, fixtureAs];
  part = (await as(null).get('/api/parts?limit=1')).json()[0];
});

const queuedTo = async (email: string) =>
  (
    await shop.database.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('recipient', '=', email)
      .orderBy('created_at')
      .execute()
  ).map((row) => row.kind);

const order = (buyer: TestAccount) =>
  as(buyer).post('/api/orders', {
    lines: [{ partsId: part._id, quantity: part.min_order_quantity }],
    mobile: '+880 1712 345678',
    address: 'House 1, Road 2, Dhaka',
  });

async function verified(name = 'Verified Buyer'): Promise<TestAccount> {
  const account = await signUp(shop.app, { name });
  await markVerified(shop.database.db, account);
  return account;
}

describe('an address nobody verified', () => {
  test('gets its verification mail, and no order confirmation', async () => {
    const stranger = await signUp(shop.app, { name: 'Unverified Buyer' });
    const placed = await order(stranger);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await queuedTo(stranger.email)).toEqual(['verify_email']);
  });

  test('a verified buyer gets the confirmation', async () => {
    const buyer = await verified();
    expect((await order(buyer)).statusCode).toBe(201);
    expect(await queuedTo(buyer.email)).toContain('order_placed');
  });
});

describe('quote requests, which mail every shop admin', () => {
  const adminMails = async (quoteId: string) =>
    shop.database.db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('kind', '=', 'quote_requested')
      .where('subject_id', 'like', `${quoteId}/%`)
      .execute();
  const ask = (buyer: TestAccount) =>
    as(buyer).post('/api/quotes', { lines: [{ partsId: part._id, quantity: 5 }], message: 'A price?' });

  test("of an account nobody verified reach the admins' list, not their mailboxes", async () => {
    const stranger = await signUp(shop.app, { name: 'Unverified Asker' });
    const asked = await ask(stranger);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await adminMails(asked.json().insertedId)).toEqual([]);
    const buyer = await verified('Verified Asker');
    const mailed = await ask(buyer);
    expect(await adminMails(mailed.json().insertedId)).not.toEqual([]);
  });

  test('are limited per account', async () => {
    const buyer = await verified('Busy Asker');
    for (let i = 0; i < QUOTE_REQUESTS; i++) expect((await ask(buyer)).statusCode).toBe(201);
    const refused = await ask(buyer);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.json().error.code).toBe('rate_limited');
  });
});

describe('invitations, which mail any address', () => {
  const company = async (owner: TestAccount) => {
    const res = await as(owner).post('/api/companies', { name: 'Relay Test Ltd' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  const invite = (owner: TestAccount, companyId: string) =>
    as(owner).post(`/api/companies/${companyId}/invitations`, {
      email: uniqueEmail('invitee'),
      role: 'buyer',
    });

  test('are limited per inviting account', async () => {
    const owner = await verified('Inviting Owner');
    const id = await company(owner);
    for (let i = 0; i < INVITATIONS_PER_ACCOUNT; i++) expect((await invite(owner, id)).statusCode).toBe(201);
    expect((await invite(owner, id)).statusCode).toBe(429);
  });

  test('are limited per company, whichever admin sends them; an outsider spends nothing of it', async () => {
    const owner = await verified('First Admin');
    const id = await company(owner);
    const outsider = await verified('Outsider');
    for (let i = 0; i < INVITATIONS_PER_COMPANY + 2; i++)
      expect((await invite(outsider, id)).statusCode).not.toBe(201);
    for (let i = 0; i < INVITATIONS_PER_ACCOUNT; i++) expect((await invite(owner, id)).statusCode).toBe(201);
    // A second admin of the same company (as an accepted invitation and a promotion leave it).
    const second = await verified('Second Admin');
    await shop.database.db
      .insertInto('company_members')
      .values({
        company_id: id,
        user_id: second.uid,
        role: 'admin',
        spending_limit: null,
        joined_at: new Date().toISOString(),
      })
      .execute();
    const left = INVITATIONS_PER_COMPANY - INVITATIONS_PER_ACCOUNT;
    for (let i = 0; i < left; i++) expect((await invite(second, id)).statusCode).toBe(201);
    expect((await invite(second, id)).statusCode).toBe(429);
  });
});

describe('one-line fields', () => {
  const broken = ['Name\r\nBcc: victim@example.com', 'Name\nSecond line', 'Name\tTabbed'];

  test.for(broken)('refuse %j with 400 naming the field', async (name) => {
    const signup = await as(null).post('/api/auth/signup', {
      name,
      email: uniqueEmail('lines'),
      password: 'a long password',
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().error.message).toMatch(/name/);
    const owner = await verified('Line Owner');
    const created = await as(owner).post('/api/companies', { name });
    expect(created.statusCode).toBe(400);
    const placed = await as(owner).post('/api/orders', {
      lines: [{ partsId: part._id, quantity: part.min_order_quantity }],
      mobile: '+880 1712 345678',
      address: 'House 1\nRoad 2\nDhaka',
      poNumber: name,
    });
    expect(placed.statusCode).toBe(400);
    expect(placed.json().error.message).toMatch(/poNumber/);
    const list = await as(owner).post('/api/lists', { name, lines: [{ partsId: part._id, quantity: 1 }] });
    expect(list.statusCode).toBe(400);
  });

  test('an address keeps its lines', async () => {
    const buyer = await verified('Multi-line Address');
    const placed = await as(buyer).post('/api/orders', {
      lines: [{ partsId: part._id, quantity: part.min_order_quantity }],
      mobile: '+880 1712 345678',
      address: 'House 1\nRoad 2\nDhaka',
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });
});
