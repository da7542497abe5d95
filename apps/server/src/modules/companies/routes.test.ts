import { createHash } from 'node:crypto';
import { MAX_PENDING_INVITATIONS } from '@shop/contract/companies';
import { describe, expect } from 'vitest';
import { linkIn, mailTo } from '../../test-support/account-mails.js';
import { signUp, signUpVerified, type TestAccount, uniqueEmail } from '../../test-support/accounts.js';
import { createdCompany, type Invite, invite, markVerified } from '../../test-support/companies.js';
import { mailTest } from '../../test-support/fixture.js';

/** Companies: making one, its members and their limits, invitations by mail, the shop admin's view. */
const SHOP = 'https://parts.example';
const INVITE_SUBJECT = 'Join ';

mailTest.override('shopOptions', {
  demo: false,
  env: {
    MAIL_RETRY_SECONDS: '1',
    PUBLIC_URL: SHOP,
    // These tests send more than an inviter's window allows (relay.test.ts holds those limits).
    RATE_LIMIT_INVITATIONS_PER_ACCOUNT: '1000',
    RATE_LIMIT_INVITATIONS_PER_COMPANY: '1000',
  },
});

/** The file's helpers, on its shop. */
const test = mailTest
  .extend(
    'verifiedBuyer',
    { scope: 'file' },
    ({ shop }) =>
      (name = 'Test Buyer', email?: string): Promise<TestAccount> =>
        signUpVerified(shop.app, shop.database.db, { name, ...(email ? { email } : {}) }),
  )
  .extend(
    'companyOf',
    { scope: 'file' },
    ({ as }) =>
      (owner: TestAccount, name = 'Karnaphuli Assemblies Ltd') =>
        createdCompany(as(owner), { name, vatId: 'BD-123456789' }),
  )
  /** Invites the email and answers the token from the mailed link. */
  .extend(
    'invited',
    { scope: 'file' },
    ({ as, smtp }) =>
      async (
        owner: TestAccount,
        companyId: string,
        email: string,
        body: Invite = {},
        nth = 1,
      ): Promise<string> => {
        await invite(as(owner), companyId, email, body);
        return linkIn((await mailTo(smtp, email, INVITE_SUBJECT, nth)).text).token;
      },
  )
  /** A company with its admin and a buyer who joined through an invitation. */
  .extend('companyWithBuyer', { scope: 'file' }, ({ as, verifiedBuyer, companyOf, invited }) => async () => {
    const owner = await verifiedBuyer('Owner');
    const companyId = await companyOf(owner);
    const buyer = await verifiedBuyer('Colleague');
    const token = await invited(owner, companyId, buyer.email, { spendingLimit: 500 });
    expect((await as(buyer).post('/api/invitations/accept', { token })).statusCode).toBe(200);
    return { owner, buyer, companyId };
  })
  .extend(
    'auditOf',
    { scope: 'file' },
    ({ shop }) =>
      (subjectId: string) =>
        shop.database.db
          .selectFrom('audit_log')
          .select(['action', 'actor_id', 'before', 'after'])
          .where('subject_id', '=', subjectId)
          .orderBy('at')
          .orderBy('id')
          .execute(),
  );

describe('POST /api/companies', () => {
  test('makes a company whose admin is its maker, with the activity logged', async ({
    as,
    verifiedBuyer,
    companyOf,
    auditOf,
  }) => {
    const owner = await verifiedBuyer('Rupsha Traders');
    const id = await companyOf(owner, 'Rupsha Traders Ltd');
    const res = await as(owner).get(`/api/companies/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: id,
      name: 'Rupsha Traders Ltd',
      vatId: 'BD-123456789',
      paymentTerms: 'card',
      members: [{ uid: owner.uid, name: 'Rupsha Traders', email: owner.email, role: 'admin' }],
    });
    expect((await as(owner).get('/api/companies/mine')).json()._id).toBe(id);
    expect((await auditOf(id)).map((e) => [e.action, e.actor_id])).toEqual([['company.created', owner.uid]]);
  });

  test('refuses an unverified email, a shop admin and a second company with clear messages', async ({
    shop,
    as,
    admin,
    verifiedBuyer,
    companyOf,
  }) => {
    const unverified = await signUp(shop.app);
    const refused = await as(unverified).post('/api/companies', { name: 'Acme' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/verify your email/i);
    expect((await as(admin).post('/api/companies', { name: 'Acme' })).statusCode).toBe(403);
    const owner = await verifiedBuyer();
    await companyOf(owner);
    const second = await as(owner).post('/api/companies', { name: 'Another' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toMatch(/already belong to a company/);
  });

  test('refuses bad bodies with 400', async ({ as, verifiedBuyer }) => {
    const owner = await verifiedBuyer();
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: 'A', vatId: 'x' },
      { name: 'A\u0000' },
    ]) {
      const res = await as(owner).post('/api/companies', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    expect((await as(owner).get('/api/companies/mine')).json()).toBeNull();
  });

  test('makes one company of ten parallel creates by one person', { timeout: 60_000 }, async ({
    shop,
    as,
    verifiedBuyer,
  }) => {
    const owner = await verifiedBuyer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => as(owner).post('/api/companies', { name: `Race ${i}` })),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const made = await shop.database.db
      .selectFrom('companies')
      .select('id')
      .where('name', 'like', 'Race %')
      .where(
        'id',
        'in',
        answers.filter((r) => r.statusCode === 201).map((r) => r.json().insertedId),
      )
      .execute();
    expect(made).toHaveLength(1);
    // No company was left behind without its member: every Race company of this owner is the one.
    const orphans = await shop.database.db
      .selectFrom('companies')
      .leftJoin('company_members', 'company_members.company_id', 'companies.id')
      .select('companies.id')
      .where('company_members.user_id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });
});

describe('GET /api/companies/{id}, /mine and the shop admin list', () => {
  test('shows a company to its members and the shop admin only', async ({
    as,
    admin,
    verifiedBuyer,
    companyWithBuyer,
  }) => {
    const { owner, buyer, companyId } = await companyWithBuyer();
    const outsider = await verifiedBuyer();
    const asBuyer = await as(buyer).get(`/api/companies/${companyId}`);
    expect(asBuyer.statusCode).toBe(200);
    expect(asBuyer.json().members).toEqual([
      { uid: owner.uid, name: 'Owner', email: owner.email, role: 'admin' },
      { uid: buyer.uid, name: 'Colleague', email: buyer.email, role: 'buyer', spendingLimit: 500 },
    ]);
    expect((await as(admin).get(`/api/companies/${companyId}`)).statusCode).toBe(200);
    expect((await as(outsider).get(`/api/companies/${companyId}`)).statusCode).toBe(403);
    expect((await as(owner).get('/api/companies/01900000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await as(owner).get('/api/companies/not-an-id')).statusCode).toBe(400);
    expect((await as(outsider).get('/api/companies/mine')).json()).toBeNull();
    expect((await as(buyer).get('/api/companies/mine')).json()._id).toBe(companyId);
  });

  test('lists every company for the shop admin, newest first, with members counted and x-total-count', async ({
    as,
    admin,
    verifiedBuyer,
    companyWithBuyer,
  }) => {
    const { companyId } = await companyWithBuyer();
    const res = await as(admin).get('/api/companies?limit=1');
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect(res.json()).toEqual([
      {
        _id: companyId,
        name: 'Karnaphuli Assemblies Ltd',
        vatId: 'BD-123456789',
        paymentTerms: 'card',
        membersCount: 2,
        createdAt: expect.any(String),
      },
    ]);
    const buyer = await verifiedBuyer();
    expect((await as(buyer).get('/api/companies')).statusCode).toBe(403);
    expect((await as(admin).get('/api/companies?limit=0')).statusCode).toBe(400);
  });
});

describe('invitations', () => {
  test('mails a one-use link that makes the invited person a member with role and limit', {
    timeout: 60_000,
  }, async ({ shop, as, smtp, verifiedBuyer, companyOf, auditOf }) => {
    const owner = await verifiedBuyer('Owner');
    const companyId = await companyOf(owner);
    const email = uniqueEmail('colleague');
    const res = await as(owner).post(`/api/companies/${companyId}/invitations`, {
      email: email.toUpperCase(),
      role: 'admin',
      spendingLimit: 1200,
    });
    expect(res.statusCode).toBe(201);
    const mail = await mailTo(smtp, email, 'Join Karnaphuli Assemblies Ltd');
    expect(mail.text).toContain('Owner invites you to buy for Karnaphuli Assemblies Ltd');
    const { link, token } = linkIn(mail.text);
    expect(link).toBe(`${SHOP}/invitations#token=${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Only the token's hash is kept: neither the invitation nor the outbox holds the token.
    const rows = await shop.database.db.selectFrom('company_invitations').selectAll().execute();
    const mails = await shop.database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(JSON.stringify([rows, mails])).not.toContain(token);
    const row = rows.find((r) => r.id === res.json().insertedId);
    expect(row?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const pending = await as(owner).get(`/api/companies/${companyId}/invitations`);
    expect(pending.json()).toEqual([
      {
        _id: res.json().insertedId,
        email,
        role: 'admin',
        spendingLimit: 1200,
        expiresAt: expect.any(String),
        createdAt: expect.any(String),
      },
    ]);
    const days = (Date.parse(pending.json()[0].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const colleague = await verifiedBuyer('Colleague', email);
    const accepted = await as(colleague).post('/api/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ companyId });
    const company = (await as(owner).get(`/api/companies/${companyId}`)).json();
    expect(company.members).toContainEqual({
      uid: colleague.uid,
      name: 'Colleague',
      email,
      role: 'admin',
      spendingLimit: 1200,
    });
    expect((await as(owner).get(`/api/companies/${companyId}/invitations`)).json()).toEqual([]);
    const again = await as(colleague).post('/api/invitations/accept', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
    expect((await auditOf(companyId)).map((e) => e.action)).toEqual([
      'company.created',
      'company.invited',
      'company.joined',
    ]);
  });

  test('refuses another account, an unverified email, someone in a company, and bad tokens', {
    timeout: 60_000,
  }, async ({ shop, as, admin, verifiedBuyer, companyOf, invited }) => {
    const owner = await verifiedBuyer();
    const companyId = await companyOf(owner);
    const email = uniqueEmail('invitee');
    const token = await invited(owner, companyId, email);
    const someoneElse = await verifiedBuyer();
    const wrong = await as(someoneElse).post('/api/invitations/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toMatch(/another email address/);
    const invitee = await signUp(shop.app, { email });
    const unverified = await as(invitee).post('/api/invitations/accept', { token });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.message).toMatch(/verify your email/i);
    // In a company of their own already: 409, and the invitation stays open.
    await markVerified(shop.database.db, invitee);
    const own = await companyOf(invitee, 'Own Ltd');
    const busy = await as(invitee).post('/api/invitations/accept', { token });
    expect(busy.statusCode).toBe(409);
    expect((await as(owner).get(`/api/companies/${companyId}/invitations`)).json()).toHaveLength(1);
    expect(own).toEqual(expect.any(String));
    for (const bad of ['garbage', `${token}x`, token.slice(0, -1), 'A'.repeat(43)]) {
      const res = await as(invitee).post('/api/invitations/accept', { token: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('invalid_token');
    }
    for (const body of [{}, { token: '' }, { token: 5 }, { token: null }, { token: 'x'.repeat(201) }]) {
      const res = await as(invitee).post('/api/invitations/accept', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await as(null).post('/api/invitations/accept', { token })).statusCode).toBe(401);
    // The shop's admin joins no buyer's company, even one that invited their email.
    const adminToken = await invited(owner, companyId, admin.email, { role: 'admin' });
    const shopAdmin = await as(admin).post('/api/invitations/accept', { token: adminToken });
    expect(shopAdmin.statusCode).toBe(403);
    expect(shopAdmin.json().error.message).toMatch(/Shop admins/);
  });

  test('refuses an expired or withdrawn invitation with invalid_token', { timeout: 60_000 }, async ({
    shop,
    as,
    verifiedBuyer,
    companyOf,
    invited,
    auditOf,
  }) => {
    const owner = await verifiedBuyer();
    const companyId = await companyOf(owner);
    const invitee = await verifiedBuyer();
    const token = await invited(owner, companyId, invitee.email);
    await shop.database.db
      .updateTable('company_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .execute();
    const expired = await as(invitee).post('/api/invitations/accept', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid_token');
    expect((await as(owner).get(`/api/companies/${companyId}/invitations`)).json()).toEqual([]);

    const second = await invited(owner, companyId, invitee.email, {}, 2);
    const [open] = (await as(owner).get(`/api/companies/${companyId}/invitations`)).json();
    const withdrawn = await as(owner).delete(`/api/companies/${companyId}/invitations/${open._id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect((await as(owner).delete(`/api/companies/${companyId}/invitations/${open._id}`)).statusCode).toBe(
      404,
    );
    const refused = await as(invitee).post('/api/invitations/accept', { token: second });
    expect(refused.json().error.code).toBe('invalid_token');
    expect((await auditOf(companyId)).map((e) => e.action)).toContain('company.invitation_withdrawn');
  });

  test('lets only company admins invite; an email already in a company → 409; bad bodies → 400', {
    timeout: 60_000,
  }, async ({ as, admin, verifiedBuyer, companyOf, companyWithBuyer }) => {
    const { owner, buyer, companyId } = await companyWithBuyer();
    const outsider = await verifiedBuyer();
    const body = { email: uniqueEmail(), role: 'buyer' };
    expect((await as(buyer).post(`/api/companies/${companyId}/invitations`, body)).statusCode).toBe(403);
    expect((await as(outsider).post(`/api/companies/${companyId}/invitations`, body)).statusCode).toBe(403);
    expect((await as(admin).post(`/api/companies/${companyId}/invitations`, body)).statusCode).toBe(403);
    expect((await as(buyer).get(`/api/companies/${companyId}/invitations`)).statusCode).toBe(403);
    expect((await as(admin).get(`/api/companies/${companyId}/invitations`)).statusCode).toBe(200);
    const member = await as(owner).post(`/api/companies/${companyId}/invitations`, {
      email: buyer.email,
      role: 'buyer',
    });
    expect(member.statusCode).toBe(409);
    const other = await verifiedBuyer();
    await companyOf(other, 'Other Ltd');
    const elsewhere = await as(owner).post(`/api/companies/${companyId}/invitations`, {
      email: other.email,
      role: 'admin',
    });
    expect(elsewhere.statusCode).toBe(409);
    for (const bad of [
      {},
      { email: 'nope', role: 'buyer' },
      { email: uniqueEmail(), role: 'boss' },
      { email: uniqueEmail(), role: 'buyer', spendingLimit: -1 },
      { email: uniqueEmail(), role: 'buyer', spendingLimit: 1.5 },
      { email: uniqueEmail(), role: 'buyer', spendingLimit: 'lots' },
    ]) {
      const res = await as(owner).post(`/api/companies/${companyId}/invitations`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    const unknown = '01900000-0000-7000-8000-000000000000';
    expect((await as(owner).post(`/api/companies/${unknown}/invitations`, body)).statusCode).toBe(404);
  });

  test(`keeps at most ${MAX_PENDING_INVITATIONS} invitations waiting, however many are sent at once`, {
    timeout: 60_000,
  }, async ({ as, verifiedBuyer, companyOf }) => {
    const owner = await verifiedBuyer();
    const companyId = await companyOf(owner);
    const answers = await Promise.all(
      Array.from({ length: MAX_PENDING_INVITATIONS + 10 }, (_, i) =>
        as(owner).post(`/api/companies/${companyId}/invitations`, {
          email: `cap-${i}-${companyId.slice(-6)}@example.com`,
          role: 'buyer',
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_PENDING_INVITATIONS);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    const pending = await as(owner).get(`/api/companies/${companyId}/invitations`);
    expect(pending.json()).toHaveLength(MAX_PENDING_INVITATIONS);
  });

  test('lets exactly one of 20 parallel accepts use a token', { timeout: 60_000 }, async ({
    as,
    verifiedBuyer,
    companyOf,
    invited,
    auditOf,
  }) => {
    const owner = await verifiedBuyer();
    const companyId = await companyOf(owner);
    const invitee = await verifiedBuyer();
    const token = await invited(owner, companyId, invitee.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => as(invitee).post('/api/invitations/accept', { token })),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 400 || c === 409)).toBe(true);
    const joins = (await auditOf(companyId)).filter((e) => e.action === 'company.joined');
    expect(joins).toHaveLength(1);
  });

  test("lets a person accepting two companies' invitations at once join exactly one", {
    timeout: 60_000,
  }, async ({ shop, as, verifiedBuyer, companyOf, invited }) => {
    // Two companies invite one person at once; they accept both at once: they join exactly one.
    const person = await verifiedBuyer();
    const [a, b] = [await verifiedBuyer(), await verifiedBuyer()];
    const [ca, cb] = [await companyOf(a, 'A Ltd'), await companyOf(b, 'B Ltd')];
    const ta = await invited(a, ca, person.email, {}, 1);
    const tb = await invited(b, cb, person.email, {}, 2);
    const answers = await Promise.all([
      as(person).post('/api/invitations/accept', { token: ta }),
      as(person).post('/api/invitations/accept', { token: tb }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const memberships = await shop.database.db
      .selectFrom('company_members')
      .select('company_id')
      .where('user_id', '=', person.uid)
      .execute();
    expect(memberships).toHaveLength(1);
  });
});

describe('members', () => {
  test("changes a member's role and limit, and removes them, with the activity logged", async ({
    as,
    invited,
    companyWithBuyer,
    auditOf,
  }) => {
    const { owner, buyer, companyId } = await companyWithBuyer();
    const url = `/api/companies/${companyId}/members/${buyer.uid}`;
    expect((await as(owner).put(url, { spendingLimit: 2500 })).statusCode).toBe(200);
    expect((await as(owner).put(url, { role: 'admin', spendingLimit: null })).statusCode).toBe(200);
    const members = (await as(owner).get(`/api/companies/${companyId}`)).json().members;
    expect(members).toContainEqual({ uid: buyer.uid, name: 'Colleague', email: buyer.email, role: 'admin' });
    expect((await as(owner).put(url, { role: 'buyer', spendingLimit: '0' })).statusCode).toBe(200);
    const after = (await as(owner).get(`/api/companies/${companyId}`)).json().members;
    expect(after).toContainEqual(
      expect.objectContaining({ uid: buyer.uid, role: 'buyer', spendingLimit: 0 }),
    );
    expect((await as(owner).delete(url)).statusCode).toBe(200);
    expect((await as(buyer).get(`/api/companies/${companyId}`)).statusCode).toBe(403);
    expect((await as(owner).delete(url)).statusCode).toBe(404);
    // Removed, they may be invited again (to this company or another) and join.
    const again = await invited(owner, companyId, buyer.email, {}, 2);
    expect((await as(buyer).post('/api/invitations/accept', { token: again })).statusCode).toBe(200);
    const log = await auditOf(companyId);
    expect(log.map((e) => e.action)).toEqual([
      'company.created',
      'company.invited',
      'company.joined',
      'company.member_changed',
      'company.member_changed',
      'company.member_changed',
      'company.member_removed',
      'company.invited',
      'company.joined',
    ]);
    expect(JSON.parse(String(log[3]?.before))).toEqual({ uid: buyer.uid, role: 'buyer', spendingLimit: 500 });
    expect(JSON.parse(String(log[3]?.after))).toEqual({ uid: buyer.uid, role: 'buyer', spendingLimit: 2500 });
  });

  test('refuses bad changes with 400, and non-admins with 403', async ({
    as,
    admin,
    verifiedBuyer,
    companyOf,
    companyWithBuyer,
  }) => {
    const { owner, buyer, companyId } = await companyWithBuyer();
    const url = `/api/companies/${companyId}/members/${buyer.uid}`;
    for (const body of [
      {},
      { spendingLimit: -1 },
      { spendingLimit: 1.5 },
      { spendingLimit: 100_000_001 },
      { role: 'boss' },
      { role: null },
    ]) {
      const res = await as(owner).put(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    expect((await as(buyer).put(url, { spendingLimit: 10 })).statusCode).toBe(403);
    expect((await as(admin).put(url, { spendingLimit: 10 })).statusCode).toBe(403);
    expect((await as(buyer).delete(`/api/companies/${companyId}/members/${owner.uid}`)).statusCode).toBe(403);
    const stranger = await verifiedBuyer();
    const notMember = `/api/companies/${companyId}/members/${stranger.uid}`;
    expect((await as(owner).put(notMember, { spendingLimit: 10 })).statusCode).toBe(404);
    // Another company's admin cannot touch this company's members.
    const other = await verifiedBuyer();
    await companyOf(other, 'Other Ltd');
    expect((await as(other).put(url, { spendingLimit: 10 })).statusCode).toBe(403);
  });

  test('never leaves a company without an admin: not by demoting, not by removing', async ({
    as,
    companyWithBuyer,
  }) => {
    const { owner, buyer, companyId } = await companyWithBuyer();
    const self = `/api/companies/${companyId}/members/${owner.uid}`;
    const demoted = await as(owner).put(self, { role: 'buyer' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().error.message).toMatch(/at least one admin/);
    expect((await as(owner).delete(self)).statusCode).toBe(409);
    // With a second admin, the first may step down.
    await as(owner).put(`/api/companies/${companyId}/members/${buyer.uid}`, { role: 'admin' });
    expect((await as(owner).put(self, { role: 'buyer' })).statusCode).toBe(200);
    expect((await as(buyer).delete(`/api/companies/${companyId}/members/${buyer.uid}`)).statusCode).toBe(409);
  });

  test('keeps an admin when two admins remove or demote each other at once', { timeout: 60_000 }, async ({
    shop,
    as,
    companyWithBuyer,
  }) => {
    for (let round = 0; round < 5; round++) {
      const { owner, buyer, companyId } = await companyWithBuyer();
      await as(owner).put(`/api/companies/${companyId}/members/${buyer.uid}`, { role: 'admin' });
      const of = (uid: string) => `/api/companies/${companyId}/members/${uid}`;
      const answers =
        round % 2 === 0
          ? await Promise.all([as(owner).delete(of(buyer.uid)), as(buyer).delete(of(owner.uid))])
          : await Promise.all([
              as(owner).put(of(buyer.uid), { role: 'buyer' }),
              as(buyer).put(of(owner.uid), { role: 'buyer' }),
            ]);
      // The loser is no admin any more when its turn comes.
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
      const admins = await shop.database.db
        .selectFrom('company_members')
        .select('user_id')
        .where('company_id', '=', companyId)
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
    }
  });
});

describe('PUT /api/companies/{id}/payment-terms', () => {
  test('lets the shop admin switch card and net30, logged; nobody else', async ({
    as,
    admin,
    companyWithBuyer,
    auditOf,
  }) => {
    const { owner, companyId } = await companyWithBuyer();
    const url = `/api/companies/${companyId}/payment-terms`;
    expect((await as(owner).put(url, { paymentTerms: 'net30' })).statusCode).toBe(403);
    const res = await as(admin).put(url, { paymentTerms: 'net30' });
    expect(res.statusCode).toBe(200);
    expect((await as(owner).get(`/api/companies/${companyId}`)).json().paymentTerms).toBe('net30');
    for (const body of [{}, { paymentTerms: 'cash' }, { paymentTerms: null }]) {
      expect((await as(admin).put(url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = '/api/companies/01900000-0000-7000-8000-000000000000/payment-terms';
    expect((await as(admin).put(unknown, { paymentTerms: 'card' })).statusCode).toBe(404);
    const entry = (await auditOf(companyId)).find((e) => e.action === 'company.payment_terms_changed');
    expect(JSON.parse(String(entry?.after))).toEqual({ paymentTerms: 'net30' });
    expect(JSON.parse(String(entry?.before))).toEqual({ paymentTerms: 'card' });
  });
});
