import type { User } from '@shop/contract/users';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/app-error.js';
import { type AccessTokens, type Caller, requireSelf, requireSelfOrAdmin } from '../../http/auth-guard.js';
import { recordAudit } from '../audit/index.js';
import * as users from './repository.js';

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    ...(row.role === 'admin' ? { role: 'admin' as const } : {}),
    ...(row.mobile ? { mobile: row.mobile } : {}),
    emailVerified: row.email_verified_at !== null,
  };
}

/**
 * Holds the user's row until the transaction ends, so that the user's writes that a cap counts
 * (their unpaid orders, saved lists, addresses) are decided one at a time; another user's writes
 * do not wait. Run it in the writing transaction, before the count.
 */
export function serialiseUserWrites(trx: Database, userId: string): Promise<void> {
  return users.lockUser(trx, userId);
}

async function existing(db: Database, id: string): Promise<UserRow> {
  const row = await users.findUserById(db, id);
  if (!row) throw notFound('user');
  return row;
}

/** PUT /api/users: the signed-in user updates their own name and gets a fresh token. */
export async function saveProfile(
  deps: { db: Database; tokens: AccessTokens },
  caller: Caller,
  queryEmail: string,
  body: { name: string; email: string },
): Promise<string> {
  requireSelf(caller, queryEmail);
  if (body.email !== caller.email) throw badRequest('email must be the email of your account');
  await users.updateUser(deps.db, caller.id, { name: body.name });
  return deps.tokens.issue(await existing(deps.db, caller.id), caller.sessionId);
}

/** GET /api/users (admins): a page of every user, oldest first, and how many there are. */
export async function allUsers(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ users: User[]; total: number }> {
  const { rows, total } = await users.listUsers(db, page);
  return { users: rows.map(toUser), total };
}

export async function makeAdmin(db: Database, actor: Caller, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await users.findUserById(trx, id);
    if (!before || !(await users.updateUser(trx, id, { role: 'admin' }))) throw notFound('user');
    await recordAudit(trx, {
      actor,
      action: 'user.made_admin',
      subjectId: id,
      before: { email: before.email, role: before.role ?? 'user' },
      after: { email: before.email, role: 'admin' },
    });
  });
}

export async function userByEmail(db: Database, caller: Caller, email: string): Promise<User> {
  requireSelfOrAdmin(caller, email);
  const row = await users.findUserByEmail(db, email);
  if (!row) throw notFound('user');
  return toUser(row);
}

export async function saveMobile(db: Database, caller: Caller, email: string, mobile: string): Promise<void> {
  requireSelf(caller, email);
  await users.updateUser(db, caller.id, { mobile });
}

export async function isAdmin(db: Database, caller: Caller, email: string): Promise<boolean> {
  requireSelfOrAdmin(caller, email);
  const row = await users.findUserByEmail(db, email);
  return row?.role === 'admin';
}
