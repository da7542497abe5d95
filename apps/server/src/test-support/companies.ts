import { newId } from '../clock.js';
import type { Database } from '../db/database.js';
import { signUp, signUpVerified } from './accounts.js';
import type { Caller } from './fixture.js';
import type { TestShop } from './test-app.js';

export interface CompanySetUp {
  paymentTerms?: 'card' | 'net30';
  name?: string;
  vatId?: string | null;
}

/**
 * A company written straight into the database, with its members (a role and an optional
 * monthly limit each): for tests of what a company's orders do, apart from how a company is made.
 */
export async function companyWithMembers(
  db: Database,
  members: readonly { uid: string; role: 'admin' | 'buyer'; spendingLimit?: number | null }[],
  setUp: CompanySetUp = {},
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('companies')
      .values({
        id,
        name: setUp.name ?? 'Karnaphuli Assemblies Ltd',
        vat_id: setUp.vatId === undefined ? 'BD-123456789' : setUp.vatId,
        payment_terms: setUp.paymentTerms ?? 'card',
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (const member of members)
      await trx
        .insertInto('company_members')
        .values({
          company_id: id,
          user_id: member.uid,
          role: member.role,
          spending_limit: member.spendingLimit ?? null,
          joined_at: now,
        })
        .execute();
  });
  return id;
}

/** Marks the account's email verified, as following the mailed link would. */
export async function markVerified(db: Database, account: { uid: string }): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: new Date().toISOString() })
    .where('id', '=', account.uid)
    .execute();
}

/**
 * A company of accounts signed up through the API: two admins (Rahima Admin, Second Admin,
 * verified) and Karim Buyer, verified unless told otherwise, whose monthly limit is `limit`
 * (none: no order of theirs waits for approval).
 */
export async function companyOfThree(
  shop: TestShop,
  options: CompanySetUp & { limit?: number | null; buyerVerified?: boolean } = {},
) {
  const { limit = null, buyerVerified = true, ...setUp } = options;
  const db = shop.database.db;
  const boss = await signUpVerified(shop.app, db, { name: 'Rahima Admin' });
  const deputy = await signUpVerified(shop.app, db, { name: 'Second Admin' });
  const buyer = buyerVerified
    ? await signUpVerified(shop.app, db, { name: 'Karim Buyer' })
    : await signUp(shop.app, { name: 'Karim Buyer' });
  const id = await companyWithMembers(
    db,
    [
      { uid: boss.uid, role: 'admin' },
      { uid: deputy.uid, role: 'admin' },
      { uid: buyer.uid, role: 'buyer', spendingLimit: limit },
    ],
    setUp,
  );
  return { id, boss, deputy, buyer };
}

/** A company the caller makes through the API (and so owns, as its admin); answers its id. */
export async function createdCompany(
  caller: Caller,
  body: { name: string; vatId?: string } = { name: 'Karnaphuli Assemblies Ltd' },
): Promise<string> {
  const res = await caller.post('/api/companies', body);
  if (res.statusCode !== 201) throw new Error(`making the company failed: ${res.statusCode} ${res.body}`);
  return res.json().insertedId;
}

export type Invite = { role?: 'admin' | 'buyer'; spendingLimit?: number | null };

/** The caller (a company admin) invites the email; answers the invitation's id. */
export async function invite(caller: Caller, companyId: string, email: string, body: Invite = {}) {
  const res = await caller.post(`/api/companies/${companyId}/invitations`, {
    email,
    role: body.role ?? 'buyer',
    ...(body.spendingLimit === undefined ? {} : { spendingLimit: body.spendingLimit }),
  });
  if (res.statusCode !== 201) throw new Error(`the invitation failed: ${res.statusCode} ${res.body}`);
  return res.json().insertedId as string;
}

/** Invites the email as `invite` does; answers the token the invitation's mailed link carries. */
export async function invitationToken(
  shop: TestShop,
  caller: Caller,
  companyId: string,
  email: string,
  body: Invite = {},
): Promise<string> {
  return shop.app.invitationLinks.token(await invite(caller, companyId, email, body));
}
