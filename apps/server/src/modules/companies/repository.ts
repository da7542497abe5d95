import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import { pageWithTotal } from '../../db/paging.js';
import { lockingRows } from '../../db/row-locks.js';
import type { CompaniesTable, CompanyInvitationsTable, CompanyMembersTable, DB } from '../../db/schema.js';

export type CompanyRow = Selectable<CompaniesTable>;
export type InvitationRow = CompanyInvitationsTable;
type Role = CompanyMembersTable['role'];

export function findCompany(db: Database, id: string): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The company's row, locked until the transaction ends (PostgreSQL; SQLite has one writer at a
 * time already): changes to its members and invitations are then decided one at a time, so a rule
 * read before writing (an admin is left, the invitations stay under their cap) holds under racers.
 */
export function lockCompany(db: Database, id: string): Promise<CompanyRow | undefined> {
  return lockingRows(db, db.selectFrom('companies').selectAll().where('id', '=', id)).executeTakeFirst();
}

export async function insertCompany(db: Database, company: Insertable<CompaniesTable>): Promise<void> {
  await db.insertInto('companies').values(company).execute();
}

/**
 * Makes the user a member; false when they already belong to a company (one company a person:
 * the unique index decides, so of two joins at once one is refused).
 */
export async function addMember(db: Database, member: CompanyMembersTable): Promise<boolean> {
  const result = await db
    .insertInto('company_members')
    .values(member)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The company the user belongs to, and their role and limit there. */
export { membershipOf } from './members.js';

/** The user's place in this company, if they are its member. */
export function memberOf(db: Database, companyId: string, userId: string) {
  return db
    .selectFrom('company_members')
    .select(['company_id', 'user_id', 'role', 'spending_limit'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The company's members with their names and emails: admins first, then by name. */
export function membersOf(db: Database, companyId: string) {
  return db
    .selectFrom('company_members')
    .innerJoin('users', 'users.id', 'company_members.user_id')
    .select([
      'company_members.user_id',
      'company_members.role',
      'company_members.spending_limit',
      'company_members.joined_at',
      'users.name',
      'users.email',
    ])
    .where('company_members.company_id', '=', companyId)
    .orderBy('company_members.role')
    .orderBy('users.name')
    .orderBy('users.email')
    .execute();
}

/** How many members the company has. */
export async function countMembers(db: Database, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('company_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', companyId)
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countAdmins(db: Database, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('company_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', companyId)
    .where('role', '=', 'admin')
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateMember(
  db: Database,
  companyId: string,
  userId: string,
  change: { role?: Role; spending_limit?: number | null },
): Promise<void> {
  await db
    .updateTable('company_members')
    .set(change)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

export async function removeMember(db: Database, companyId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('company_members')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function setPaymentTerms(
  db: Database,
  id: string,
  paymentTerms: CompanyRow['payment_terms'],
  now: string,
): Promise<void> {
  await db
    .updateTable('companies')
    .set({ payment_terms: paymentTerms, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A page of every company, newest first, with how many members each has. */
export function listCompanies(db: Database, page: { limit: number; offset: number }) {
  return pageWithTotal(
    db
      .selectFrom('companies')
      .selectAll('companies')
      .select((eb) =>
        eb
          .selectFrom('company_members')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('company_members.company_id', '=', 'companies.id')
          .as('members_count'),
      )
      .orderBy('companies.created_at', 'desc')
      .orderBy('companies.id', 'desc'),
    page,
  );
}

/**
 * The invitation's inviter still holds the right to invite: an admin of its company, and not one
 * of the shop's admins (who hold no seat's rights). An invitation dies with its inviter's rights:
 * one sent by an admin since demoted, removed or made the shop's admin can no longer be accepted.
 */
const inviterStillAdmin = (eb: ExpressionBuilder<DB, 'company_invitations'>) =>
  eb.exists(
    eb
      .selectFrom('company_members')
      .innerJoin('users', 'users.id', 'company_members.user_id')
      .select('company_members.user_id')
      .whereRef('company_members.company_id', '=', 'company_invitations.company_id')
      .whereRef('company_members.user_id', '=', 'company_invitations.invited_by')
      .where('company_members.role', '=', 'admin')
      .where('users.role', 'is', null),
  );

export async function insertInvitation(db: Database, invitation: InvitationRow): Promise<void> {
  await db.insertInto('company_invitations').values(invitation).execute();
}

/**
 * The company's invitations still open at `now` (not accepted, not expired, their inviter still
 * an admin of it), newest first.
 */
export function pendingInvitations(db: Database, companyId: string, now: string) {
  return db
    .selectFrom('company_invitations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .where(inviterStillAdmin)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Withdraws the company's open invitations to this email (a new one replaces them). */
export async function withdrawInvitationsTo(db: Database, companyId: string, email: string): Promise<void> {
  await db
    .deleteFrom('company_invitations')
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .execute();
}

/**
 * Withdraws the company's open invitations sent by this member (who is no longer its admin, or no
 * longer in it): they die with their inviter's rights.
 */
export async function withdrawInvitationsBy(db: Database, companyId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('company_invitations')
    .where('company_id', '=', companyId)
    .where('invited_by', '=', userId)
    .where('accepted_at', 'is', null)
    .execute();
}

/** Withdraws one open invitation of the company; answers what it was, or nothing. */
export function withdrawInvitation(db: Database, companyId: string, id: string) {
  return db
    .deleteFrom('company_invitations')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .returning(['id', 'email', 'role'])
    .executeTakeFirst();
}

/**
 * The invitation whose token has this hash, open at `now` (not accepted, not expired, its inviter
 * still an admin of its company).
 */
export function findOpenInvitationByHash(db: Database, tokenHash: string, now: string) {
  return db
    .selectFrom('company_invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .where(inviterStillAdmin)
    .executeTakeFirst();
}

/**
 * Uses the invitation once: one conditional update, so of many accepting it at once exactly one
 * wins, and none once its inviter lost the right to invite; true when this call did.
 */
export async function takeInvitation(db: Database, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('company_invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .where(inviterStillAdmin)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What an invitation's mail needs, while the invitation is open (its inviter still an admin). */
export function findInvitationToMail(db: Database, id: string, now: string) {
  return db
    .selectFrom('company_invitations')
    .innerJoin('companies', 'companies.id', 'company_invitations.company_id')
    .leftJoin('users', 'users.id', 'company_invitations.invited_by')
    .select([
      'company_invitations.id',
      'company_invitations.role',
      'company_invitations.expires_at',
      'companies.name as company_name',
      'users.name as inviter_name',
    ])
    .where('company_invitations.id', '=', id)
    .where('company_invitations.accepted_at', 'is', null)
    .where('company_invitations.expires_at', '>', now)
    .where(inviterStillAdmin)
    .executeTakeFirst();
}

/** Whether the account with this email (if any) belongs to a company. */
export async function emailInCompany(db: Database, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('company_members')
    .innerJoin('users', 'users.id', 'company_members.user_id')
    .select('company_members.company_id')
    .where('users.email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}
