import type { Database } from '../../db/database.js';
import { pageWithTotal } from '../../db/paging.js';
import { lockRows } from '../../db/row-locks.js';
import type { UserRow } from '../../db/schema.js';

/** Locks the user's row until the transaction ends. */
export function lockUser(db: Database, id: string): Promise<void> {
  return lockRows(db, db.selectFrom('users').select('id').where('id', '=', id));
}

export function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The user an access token names, read with whether the token's sign-in has ended (logout,
 * a reused refresh token, a password change): one query on every signed-in request.
 */
export function findSignedInUser(db: Database, id: string, sessionId: string) {
  return db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family_id', '=', sessionId)
            .where('refresh_tokens.revoked_at', 'is not', null),
        )
        .as('signed_out'),
    )
    .where('users.id', '=', id)
    .executeTakeFirst();
}

export function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** A page of every user, oldest first, and how many there are. */
export function listUsers(db: Database, page: { limit: number; offset: number }) {
  return pageWithTotal(db.selectFrom('users').selectAll().orderBy('created_at').orderBy('id'), page);
}

/** Inserts the user unless the email is taken: true when it was inserted. */
export async function insertUser(db: Database, user: UserRow): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function updateUser(
  db: Database,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'mobile' | 'role'>>,
): Promise<boolean> {
  const result = await db.updateTable('users').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Sets the user's password hash (a reset, a change, a stronger hash at sign-in). With
 * `unlessChangedFrom`, only while the stored hash is still that one: a stronger hash of the same
 * password loses to a password changed meanwhile.
 */
export async function setPasswordHash(
  db: Database,
  id: string,
  hash: string,
  unlessChangedFrom?: string,
): Promise<void> {
  let update = db.updateTable('users').set({ password_hash: hash }).where('id', '=', id);
  if (unlessChangedFrom !== undefined) update = update.where('password_hash', '=', unlessChangedFrom);
  await update.execute();
}
