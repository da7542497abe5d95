import { describe, expect } from 'vitest';
import { signUpVerified, type TestAccount } from '../../test-support/accounts.js';
import { createdCompany, type Invite, invitationToken } from '../../test-support/companies.js';
import { type As, test as shopTest } from '../../test-support/fixture.js';
import { placedOrder } from '../../test-support/orders.js';
import { insertPart } from '../../test-support/parts.js';
import type { TestShop } from '../../test-support/test-app.js';

/**
 * The rights a company seat gives, and no more: a company admin with a spending limit neither
 * approves their own order over it nor raises their own limit; an invitation dies with its
 * inviter's admin rights; the shop's admin holds no seat's rights (approving stays the company's).
 */
/** The file's helpers, on its shop: `admin` is the shop's admin, `part` $10 a piece, one piece at least. */
function seatsIn(shop: TestShop, as: As, admin: TestAccount, part: string) {
  const verified = (name: string) => signUpVerified(shop.app, shop.database.db, { name });

  /** Invites the email (as `by`); answers the invitation's token, as its mailed link carries it. */
  const invitation = (by: TestAccount, companyId: string, email: string, body: Invite = {}) =>
    invitationToken(shop, as(by), companyId, email, body);

  const accept = (who: TestAccount, token: string) => as(who).post('/api/invitations/accept', { token });

  /** A member who joined through `by`'s invitation. */
  async function joined(
    by: TestAccount,
    companyId: string,
    name: string,
    body: Invite = {},
  ): Promise<TestAccount> {
    const member = await verified(name);
    const res = await accept(member, await invitation(by, companyId, member.email, body));
    expect(res.statusCode, res.body).toBe(200);
    return member;
  }

  /** A company made through the API: its owner (an admin without a limit) and a deputy admin with a $100 limit. */
  async function company() {
    const owner = await verified('Owner Admin');
    const id = await createdCompany(as(owner));
    const deputy = await joined(owner, id, 'Deputy Admin', { role: 'admin', spendingLimit: 100 });
    return { id, owner, deputy };
  }

  const placed = (buyer: TestAccount, quantity: number) =>
    placedOrder(as(buyer), { partsId: part, quantity });

  const approvalOf = async (id: string) =>
    (
      await shop.database.db
        .selectFrom('orders')
        .select('approval')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).approval;

  const limitOf = async (companyId: string, uid: string) =>
    (await as(admin).get(`/api/companies/${companyId}`))
      .json()
      .members.find((m: { uid: string }) => m.uid === uid)?.spendingLimit ?? null;

  return { verified, invitation, accept, joined, company, placed, approvalOf, limitOf };
}

const test = shopTest.extend('seats', { scope: 'file' }, async ({ shop, as, admin }) =>
  seatsIn(
    shop,
    as,
    admin,
    await insertPart(shop.database.db, {
      name: 'Digital Multimeter',
      price_per_piece: 10,
      min_order_quantity: 1,
      available_quantity: 1_000_000,
    }),
  ),
);

describe('a company admin with a spending limit', () => {
  test('cannot approve their own order over it (403, 50 at once alike); another admin can', async ({
    shop,
    as,
    seats,
  }) => {
    const { company, placed, approvalOf } = seats;
    const { owner, deputy } = await company();
    const id = await placed(deputy, 20); // $200, past the deputy's $100
    expect(await approvalOf(id)).toBe('pending');
    const own = await as(deputy).post(`/api/orders/${id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({
      error: {
        code: 'forbidden',
        message:
          'You cannot approve your own order: it passes your spending limit, so another admin of your company must approve it',
      },
    });
    const many = await Promise.all(
      Array.from({ length: 50 }, () => as(deputy).post(`/api/orders/${id}/approve`)),
    );
    expect(many.map((res) => res.statusCode)).toEqual(Array(50).fill(403));
    expect(await approvalOf(id)).toBe('pending');
    const audit = await shop.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', id)
      .execute();
    expect(audit).toEqual([]);

    const byOwner = await as(owner).post(`/api/orders/${id}/approve`);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(await approvalOf(id)).toBe('approved');
  });

  test('cannot raise their own limit or lift it (403, 50 at once alike); may lower it; another admin may raise it', async ({
    as,
    seats,
  }) => {
    const { company, limitOf } = seats;
    const { id, owner, deputy } = await company();
    const self = (body: object) => as(deputy).put(`/api/companies/${id}/members/${deputy.uid}`, body);
    const raise = await self({ spendingLimit: 1000 });
    expect(raise.statusCode).toBe(403);
    expect(raise.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'You cannot raise your own spending limit: another admin of your company must change it',
      },
    });
    expect((await self({ spendingLimit: null })).statusCode).toBe(403);
    const many = await Promise.all(Array.from({ length: 50 }, (_, i) => self({ spendingLimit: 101 + i })));
    expect(many.map((res) => res.statusCode)).toEqual(Array(50).fill(403));
    expect(await limitOf(id, deputy.uid)).toBe(100);

    expect((await self({ spendingLimit: 100 })).statusCode).toBe(200);
    expect((await self({ spendingLimit: 50 })).statusCode).toBe(200);
    expect(await limitOf(id, deputy.uid)).toBe(50);
    // Without a limit, setting one is lowering it; lifting it again is not one's own to do.
    const ownerSelf = (body: object) => as(owner).put(`/api/companies/${id}/members/${owner.uid}`, body);
    expect((await ownerSelf({ spendingLimit: 10 })).statusCode).toBe(200);
    expect((await ownerSelf({ spendingLimit: null })).statusCode).toBe(403);
    expect(await limitOf(id, owner.uid)).toBe(10);

    // Another admin may raise it (an admin with a limit of their own too).
    const byOther = await as(owner).put(`/api/companies/${id}/members/${deputy.uid}`, {
      spendingLimit: 500,
    });
    expect(byOther.statusCode, byOther.body).toBe(200);
    expect(await limitOf(id, deputy.uid)).toBe(500);
    const back = await as(deputy).put(`/api/companies/${id}/members/${owner.uid}`, {
      spendingLimit: null,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await limitOf(id, owner.uid)).toBeNull();
  });
});

describe("an invitation dies with its inviter's admin rights", () => {
  test('an invitation by an admin since demoted, or removed, answers 400 invalid_token, 50 accepts at once alike', async ({
    as,
    seats,
  }) => {
    const { company, joined, verified, invitation, accept } = seats;
    const { id, owner } = await company();
    const demoted = await joined(owner, id, 'Soon Demoted', { role: 'admin' });
    const removed = await joined(owner, id, 'Soon Removed', { role: 'admin' });
    const first = await verified('Invited One');
    const second = await verified('Invited Two');
    const third = await verified('Invited Three');
    const byDemoted = await invitation(demoted, id, first.email, { role: 'admin' });
    const byDemotedToo = await invitation(demoted, id, third.email);
    const byRemoved = await invitation(removed, id, second.email, { role: 'admin' });
    const fourth = await verified('Invited Four');
    const byOwner = await invitation(owner, id, fourth.email);

    expect(
      (await as(owner).put(`/api/companies/${id}/members/${demoted.uid}`, { role: 'buyer' })).statusCode,
    ).toBe(200);
    expect((await as(owner).delete(`/api/companies/${id}/members/${removed.uid}`)).statusCode).toBe(200);

    for (const [who, token] of [
      [first, byDemoted],
      [second, byRemoved],
    ] as const) {
      const res = await accept(who, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_token');
    }
    const many = await Promise.all(Array.from({ length: 50 }, () => accept(third, byDemotedToo)));
    expect(many.map((res) => res.statusCode)).toEqual(Array(50).fill(400));
    const members = (await as(owner).get(`/api/companies/${id}`)).json().members;
    for (const who of [first, second, third])
      expect(members.some((m: { uid: string }) => m.uid === who.uid)).toBe(false);
    // The company's open invitations are the owner's alone now.
    const open = (await as(owner).get(`/api/companies/${id}/invitations`)).json();
    expect(open).toHaveLength(1);
    // Promoted again, the demoted admin's old invitations stay dead.
    expect(
      (await as(owner).put(`/api/companies/${id}/members/${demoted.uid}`, { role: 'admin' })).statusCode,
    ).toBe(200);
    expect((await accept(first, byDemoted)).statusCode).toBe(400);
    // A live admin's invitation works.
    expect((await accept(fourth, byOwner)).statusCode).toBe(200);
  });
});

describe("the shop's admin holds no company seat's rights", () => {
  test('a company admin made shop admin can neither approve, invite nor change members; their invitations die; the shop may reject', async ({
    shop,
    as,
    seats,
  }) => {
    const { company, joined, placed, verified, invitation, accept, approvalOf } = seats;
    const { id, owner, deputy } = await company();
    const buyer = await joined(owner, id, 'Buyer', { spendingLimit: 0 });
    const order = await placed(buyer, 1);
    const invitee = await verified('Invited By Promoted');
    const token = await invitation(owner, id, invitee.email);
    // The owner becomes one of the shop's admins (the role is read from the database at each request).
    await shop.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', owner.uid).execute();

    const approve = await as(owner).post(`/api/orders/${order}/approve`);
    expect(approve.statusCode).toBe(403);
    expect(approve.json().error.code).toBe('forbidden');
    const invite = await as(owner).post(`/api/companies/${id}/invitations`, {
      email: (await verified('Nobody')).email,
      role: 'admin',
    });
    expect(invite.statusCode).toBe(403);
    const change = await as(owner).put(`/api/companies/${id}/members/${buyer.uid}`, {
      spendingLimit: 1000,
    });
    expect(change.statusCode).toBe(403);
    const refused = await accept(invitee, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('invalid_token');
    expect(await approvalOf(order)).toBe('pending');
    // What the shop's admin may do: see the company, reject the waiting order.
    expect((await as(owner).get(`/api/companies/${id}`)).statusCode).toBe(200);
    const reject = await as(owner).post(`/api/orders/${order}/reject`);
    expect(reject.statusCode, reject.body).toBe(200);
    // The company's own admin still acts.
    expect(
      (await as(deputy).put(`/api/companies/${id}/members/${buyer.uid}`, { spendingLimit: 5 })).statusCode,
    ).toBe(200);
  });
});
