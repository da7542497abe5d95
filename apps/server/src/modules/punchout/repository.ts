import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PunchoutIdentitiesTable, PunchoutSessionsTable } from '../../db/schema.js';

export type IdentityRow = Selectable<PunchoutIdentitiesTable>;
export type SessionRow = Selectable<PunchoutSessionsTable>;

export function identityOf(db: Database, companyId: string) {
  return db
    .selectFrom('punchout_identities')
    .innerJoin('users', 'users.id', 'punchout_identities.buyer_id')
    .selectAll('punchout_identities')
    .select('users.email as buyer_email')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** The identity one of these cXML credentials (domain, identity) names, or undefined. */
export function identityByCredentials(
  db: Database,
  credentials: readonly { domain: string; identity: string }[],
) {
  if (credentials.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom('punchout_identities')
    .selectAll()
    .where((eb) =>
      eb.or(credentials.map((c) => eb.and([eb('domain', '=', c.domain), eb('identity', '=', c.identity)]))),
    )
    .executeTakeFirst();
}

export function identityByOciUser(db: Database, username: string) {
  return db
    .selectFrom('punchout_identities')
    .selectAll()
    .where('oci_username', '=', username)
    .executeTakeFirst();
}

/** Another company's identity that uses this credential or OCI user, if any. */
export function identityTaken(
  db: Database,
  companyId: string,
  body: { domain: string; identity: string; ociUsername: string },
) {
  return db
    .selectFrom('punchout_identities')
    .select('company_id')
    .where('company_id', '<>', companyId)
    .where((eb) =>
      eb.or([
        eb.and([eb('domain', '=', body.domain), eb('identity', '=', body.identity)]),
        eb('oci_username', '=', body.ociUsername),
      ]),
    )
    .executeTakeFirst();
}

export async function upsertIdentity(
  db: Database,
  row: Omit<IdentityRow, 'secret_hash' | 'secret_set_at'> & { secret_hash?: string; secret_set_at?: string },
): Promise<void> {
  const { company_id, ...changes } = row;
  const updated = await db
    .updateTable('punchout_identities')
    .set(changes)
    .where('company_id', '=', company_id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  if (!row.secret_hash || !row.secret_set_at) throw new Error('a new punchout identity needs a secret');
  await db
    .insertInto('punchout_identities')
    .values({ ...row, secret_hash: row.secret_hash, secret_set_at: row.secret_set_at })
    .execute();
}

export async function insertSession(db: Database, row: Insertable<PunchoutSessionsTable>): Promise<void> {
  await db.insertInto('punchout_sessions').values(row).execute();
}

/**
 * Opens the session whose StartPage token this is, once: the token is cleared as the session's
 * own is set, so a second use (or one after it expired) changes nothing and answers undefined.
 */
export async function openStartedSession(
  db: Database,
  startHash: string,
  open: { token_hash: string; expires_at: string },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('punchout_sessions')
    .set({ ...open, start_hash: null })
    .where('start_hash', '=', startHash)
    .where('start_expires_at', '>', now)
    .where('token_hash', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sessions with their member's name, their seat in the company as it is now, and the company's name. */
function sessionsWithPeople(db: Database) {
  return db
    .selectFrom('punchout_sessions')
    .innerJoin('users', 'users.id', 'punchout_sessions.user_id')
    .innerJoin('companies', 'companies.id', 'punchout_sessions.company_id')
    .leftJoin('company_members', (join) =>
      join
        .onRef('company_members.user_id', '=', 'punchout_sessions.user_id')
        .onRef('company_members.company_id', '=', 'punchout_sessions.company_id'),
    )
    .selectAll('punchout_sessions')
    .select([
      'users.name as user_name',
      'users.email as user_email',
      'users.role as user_role',
      'companies.name as company_name',
      'company_members.role as seat_role',
    ]);
}

/** The session with this token. */
export function sessionHolder(db: Database, tokenHash: string) {
  return sessionsWithPeople(db).where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function sessionWithNames(db: Database, id: string) {
  return sessionsWithPeople(db).where('punchout_sessions.id', '=', id).executeTakeFirst();
}

export function sessionById(db: Database, id: string) {
  return db.selectFrom('punchout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ends the session, once: true for the call that ended it. */
export async function endSession(db: Database, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('punchout_sessions')
    .set({ ended_at: now })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the purchase order's payloadID; false when the company sent it before. */
export async function claimPayload(
  db: Database,
  row: { company_id: string; payload_id: string; order_id: string },
): Promise<boolean> {
  const result = await db
    .insertInto('punchout_orders')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function orderOfPayload(db: Database, companyId: string, payloadId: string) {
  return db
    .selectFrom('punchout_orders')
    .select('order_id')
    .where('company_id', '=', companyId)
    .where('payload_id', '=', payloadId)
    .executeTakeFirst();
}

/** A member of the company by email (case as stored: lower case), with their seat. */
export function memberByEmail(db: Database, companyId: string, email: string) {
  return db
    .selectFrom('company_members')
    .innerJoin('users', 'users.id', 'company_members.user_id')
    .select(['users.id as id', 'users.name as name', 'users.email as email', 'users.role as user_role'])
    .where('company_members.company_id', '=', companyId)
    .where('users.email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function memberById(db: Database, companyId: string, userId: string) {
  return db
    .selectFrom('company_members')
    .innerJoin('users', 'users.id', 'company_members.user_id')
    .select(['users.id as id', 'users.name as name', 'users.email as email', 'users.role as user_role'])
    .where('company_members.company_id', '=', companyId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}
