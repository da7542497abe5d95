import { newId } from '../clock.js';
import type { Database } from '../db/database.js';

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
