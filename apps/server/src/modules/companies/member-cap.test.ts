import {
  COMPANY_FULL_INVITE_MESSAGE,
  COMPANY_FULL_JOIN_MESSAGE,
  MAX_COMPANY_MEMBERS,
} from '@shop/contract/companies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount, uniqueEmail } from '../../test-support/accounts.js';
import { markVerified } from '../../test-support/companies.js';
import { createTestShop, type TestShop } from '../../test-support/test-app.js';

/**
 * A company's members come back whole in every answer of `GET /api/companies/{id}` and `/mine`,
 * so a company holds at most MAX_COMPANY_MEMBERS: decided under the company's row lock, so
 * invitations accepted at once never pass it.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({
    demo: false,
    env: {
      // These tests invite more than an inviter's window allows (relay.test.ts holds those limits).
      RATE_LIMIT_INVITATIONS_PER_ACCOUNT: '1000',
      RATE_LIMIT_INVITATIONS_PER_COMPANY: '1000',
    },
  });
});
afterAll(async () => {
  await shop.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, account: TestAccount, payload?: object) =>
  shop.app.inject({ method, url, headers: bearer(account), ...(payload ? { payload } : {}) });

async function verified(name = 'Test Buyer'): Promise<TestAccount> {
  const account = await signUp(shop.app, { name });
  await markVerified(shop.database.db, account);
  return account;
}

/** Invites the email; answers the token its mailed link would carry. */
async function invitation(owner: TestAccount, companyId: string, email: string): Promise<string> {
  const res = await call('POST', `/api/companies/${companyId}/invitations`, owner, { email, role: 'buyer' });
  expect(res.statusCode, res.body).toBe(201);
  return shop.app.invitationLinks.token(res.json().insertedId);
}

/** Members written straight into the company (accounts of their own), `count` of them. */
async function fillers(companyId: string, count: number): Promise<string[]> {
  const now = new Date().toISOString();
  const users = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Filler ${i}`,
    email: uniqueEmail(`member-${i}`),
    password_hash: null,
    role: null,
    mobile: null,
    created_at: now,
    email_verified_at: now,
    google_sub: null,
  }));
  await shop.database.db.insertInto('users').values(users).execute();
  await shop.database.db
    .insertInto('company_members')
    .values(
      users.map((user) => ({
        company_id: companyId,
        user_id: user.id,
        role: 'buyer' as const,
        spending_limit: null,
        joined_at: now,
      })),
    )
    .execute();
  return users.map((user) => user.id);
}

describe('MAX_COMPANY_MEMBERS', () => {
  it(`keeps at most ${MAX_COMPANY_MEMBERS} members, even when 50 accept their invitations at once at the cap`, {
    timeout: 120_000,
  }, async () => {
    const owner = await verified('Owner');
    const made = await call('POST', '/api/companies', owner, { name: 'Karnaphuli Assemblies Ltd' });
    expect(made.statusCode, made.body).toBe(201);
    const companyId: string = made.json().insertedId;
    // The owner and all but three seats written straight in; the last seats race through the API.
    const filled = await fillers(companyId, MAX_COMPANY_MEMBERS - 4);

    // One after another: sign-ups at once would wait for the password-hashing line.
    const invitees: TestAccount[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) {
      const invitee = await verified(`Invitee ${i}`);
      invitees.push(invitee);
      tokens.push(await invitation(owner, companyId, invitee.email));
    }

    const answers = await Promise.all(
      invitees.map((invitee, i) => call('POST', '/api/invitations/accept', invitee, { token: tokens[i] })),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(47);
    for (const res of refused)
      expect(res.json()).toEqual({ error: { code: 'conflict', message: COMPANY_FULL_JOIN_MESSAGE } });

    const company = await call('GET', `/api/companies/${companyId}`, owner);
    expect(company.json().members).toHaveLength(MAX_COMPANY_MEMBERS);
    expect((await call('GET', '/api/companies/mine', owner)).json().members).toHaveLength(
      MAX_COMPANY_MEMBERS,
    );
    // A refused join leaves its invitation open, for when a seat is free.
    expect((await call('GET', `/api/companies/${companyId}/invitations`, owner)).json()).toHaveLength(47);

    // A full company invites nobody more.
    const more = await call('POST', `/api/companies/${companyId}/invitations`, owner, {
      email: uniqueEmail('one-more'),
      role: 'buyer',
    });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ error: { code: 'conflict', message: COMPANY_FULL_INVITE_MESSAGE } });

    // Removing a member frees a seat: one waiting invitee joins, the next is refused again.
    const freed = await call('DELETE', `/api/companies/${companyId}/members/${filled[0]}`, owner);
    expect(freed.statusCode).toBe(200);
    const waiting = invitees
      .map((invitee, i) => ({ invitee, token: tokens[i] as string, answer: answers[i] }))
      .filter((entry) => entry.answer?.statusCode === 409);
    const [next, after] = waiting;
    if (!next || !after) throw new Error('two refused invitees expected');
    expect(
      (await call('POST', '/api/invitations/accept', next.invitee, { token: next.token })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/invitations/accept', after.invitee, { token: after.token })).statusCode,
    ).toBe(409);
    expect((await call('GET', `/api/companies/${companyId}`, owner)).json().members).toHaveLength(
      MAX_COMPANY_MEMBERS,
    );
  });

  it('is described in the API documentation', async () => {
    const doc = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const invite = doc.paths['/api/companies/{id}/invitations'].post;
    expect(invite.description).toContain(`at most ${MAX_COMPANY_MEMBERS} members`);
    const accept = doc.paths['/api/invitations/accept'].post;
    expect(accept.description).toContain(`${MAX_COMPANY_MEMBERS} members`);
    expect(doc.paths['/api/companies/{id}'].get.summary).toContain(`at most ${MAX_COMPANY_MEMBERS}`);
  });
});
