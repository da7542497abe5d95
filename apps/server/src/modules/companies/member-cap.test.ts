import {
  COMPANY_FULL_INVITE_MESSAGE,
  COMPANY_FULL_JOIN_MESSAGE,
  MAX_COMPANY_MEMBERS,
} from '@shop/contract/companies';
import { describe, expect } from 'vitest';
import { signUpVerified, type TestAccount, uniqueEmail } from '../../test-support/accounts.js';
import { createdCompany, invitationToken } from '../../test-support/companies.js';
import { test } from '../../test-support/fixture.js';
import type { TestShop } from '../../test-support/test-app.js';

/**
 * A company's members come back whole in every answer of `GET /api/companies/{id}` and `/mine`,
 * so a company holds at most MAX_COMPANY_MEMBERS: decided under the company's row lock, so
 * invitations accepted at once never pass it.
 */
test.override('shopOptions', {
  demo: false,
  env: {
    // These tests invite more than an inviter's window allows (relay.test.ts holds those limits).
    RATE_LIMIT_INVITATIONS_PER_ACCOUNT: '1000',
    RATE_LIMIT_INVITATIONS_PER_COMPANY: '1000',
  },
});

/** Members written straight into the company (accounts of their own), `count` of them. */
async function fillers(shop: TestShop, companyId: string, count: number): Promise<string[]> {
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
  test(`keeps at most ${MAX_COMPANY_MEMBERS} members, even when 50 accept their invitations at once at the cap`, {
    timeout: 120_000,
  }, async ({ shop, as }) => {
    const owner = await signUpVerified(shop.app, shop.database.db, { name: 'Owner' });
    const companyId = await createdCompany(as(owner));
    // The owner and all but three seats written straight in; the last seats race through the API.
    const filled = await fillers(shop, companyId, MAX_COMPANY_MEMBERS - 4);

    // One after another: sign-ups at once would wait for the password-hashing line.
    const invitees: TestAccount[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) {
      const invitee = await signUpVerified(shop.app, shop.database.db, { name: `Invitee ${i}` });
      invitees.push(invitee);
      tokens.push(await invitationToken(shop, as(owner), companyId, invitee.email));
    }

    const answers = await Promise.all(
      invitees.map((invitee, i) => as(invitee).post('/api/invitations/accept', { token: tokens[i] })),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(47);
    for (const res of refused)
      expect(res.json()).toEqual({ error: { code: 'conflict', message: COMPANY_FULL_JOIN_MESSAGE } });

    const company = await as(owner).get(`/api/companies/${companyId}`);
    expect(company.json().members).toHaveLength(MAX_COMPANY_MEMBERS);
    expect((await as(owner).get('/api/companies/mine')).json().members).toHaveLength(MAX_COMPANY_MEMBERS);
    // A refused join leaves its invitation open, for when a seat is free.
    expect((await as(owner).get(`/api/companies/${companyId}/invitations`)).json()).toHaveLength(47);

    // A full company invites nobody more.
    const more = await as(owner).post(`/api/companies/${companyId}/invitations`, {
      email: uniqueEmail('one-more'),
      role: 'buyer',
    });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ error: { code: 'conflict', message: COMPANY_FULL_INVITE_MESSAGE } });

    // Removing a member frees a seat: one waiting invitee joins, the next is refused again.
    const freed = await as(owner).delete(`/api/companies/${companyId}/members/${filled[0]}`);
    expect(freed.statusCode).toBe(200);
    const waiting = invitees
      .map((invitee, i) => ({ invitee, token: tokens[i] as string, answer: answers[i] }))
      .filter((entry) => entry.answer?.statusCode === 409);
    const [next, after] = waiting;
    if (!next || !after) throw new Error('two refused invitees expected');
    expect((await as(next.invitee).post('/api/invitations/accept', { token: next.token })).statusCode).toBe(
      200,
    );
    expect((await as(after.invitee).post('/api/invitations/accept', { token: after.token })).statusCode).toBe(
      409,
    );
    expect((await as(owner).get(`/api/companies/${companyId}`)).json().members).toHaveLength(
      MAX_COMPANY_MEMBERS,
    );
  });

  test('is described in the API documentation', async ({ as }) => {
    const doc = (await as(null).get('/api/docs/json')).json();
    const invite = doc.paths['/api/companies/{id}/invitations'].post;
    expect(invite.description).toContain(`at most ${MAX_COMPANY_MEMBERS} members`);
    const accept = doc.paths['/api/invitations/accept'].post;
    expect(accept.description).toContain(`${MAX_COMPANY_MEMBERS} members`);
    expect(doc.paths['/api/companies/{id}'].get.summary).toContain(`at most ${MAX_COMPANY_MEMBERS}`);
  });
});
