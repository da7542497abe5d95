import type { Database } from '../../db/database.js';

/** A person's place in their company, with what their orders need of the company. */
export interface Membership {
  company_id: string;
  role: 'admin' | 'buyer';
  /** Whole dollars a calendar month (UTC); null: no limit. */
  spending_limit: number | null;
  payment_terms: 'card' | 'net30';
  company_name: string;
  vat_id: string | null;
}

/** The user's membership (one company per person), or undefined. */
export async function membershipOf(db: Database, userId: string): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('company_members')
    .innerJoin('companies', 'companies.id', 'company_members.company_id')
    .select([
      'company_members.company_id as company_id',
      'company_members.role as role',
      'company_members.spending_limit as spending_limit',
      'companies.payment_terms as payment_terms',
      'companies.name as company_name',
      'companies.vat_id as vat_id',
    ])
    .where('company_members.user_id', '=', userId)
    .executeTakeFirst();
  return row && { ...row, spending_limit: row.spending_limit === null ? null : Number(row.spending_limit) };
}

/** The emails of the company's admins. */
export async function adminEmailsOf(
  db: Database,
  companyId: string,
): Promise<{ id: string; email: string }[]> {
  return db
    .selectFrom('company_members')
    .innerJoin('users', 'users.id', 'company_members.user_id')
    .select(['users.id as id', 'users.email as email'])
    .where('company_members.company_id', '=', companyId)
    .where('company_members.role', '=', 'admin')
    .orderBy('users.id')
    .execute();
}

/** The company's name and VAT id (for its invoices), or undefined. */
export function companyOf(db: Database, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'vat_id', 'payment_terms'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}
