import { createHash, randomBytes } from 'node:crypto';
import { nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

/** How long the web app has to exchange a code: it does so as soon as /login loads. */
export const GOOGLE_CODE_SECONDS = 60;

const digest = (value: string) => createHash('sha256').update(value).digest('hex');
const randomValue = () => randomBytes(32).toString('base64url');

export function findUserByGoogleSub(db: Database, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
}

/** Inserts the user unless the email or the Google subject is taken: true when it was inserted. */
export async function insertGoogleUser(db: Database, user: UserRow): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Links the account to the Google subject, its email now verified; `dropPassword` removes the
 * password. Only an account not yet linked: true when this call linked it.
 */
export async function linkGoogle(
  db: Database,
  user: UserRow,
  sub: string,
  dropPassword: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      google_sub: sub,
      email_verified_at: user.email_verified_at ?? nowIso(),
      ...(dropPassword ? { password_hash: null } : {}),
    })
    .where('id', '=', user.id)
    .where('google_sub', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Stores a new code for the user, bound to a new random value for the browser's cookie. Only
 * their hashes are kept: the two values are returned, once.
 */
export async function issueGoogleCode(
  db: Database,
  userId: string,
): Promise<{ code: string; browser: string }> {
  const code = randomValue();
  const browser = randomValue();
  const now = Date.now();
  // Codes live a minute: the expired ones of earlier sign-ins go as new ones come.
  await db.deleteFrom('google_sign_in_codes').where('expires_at', '<', new Date(now).toISOString()).execute();
  await db
    .insertInto('google_sign_in_codes')
    .values({
      code_hash: digest(code),
      browser_hash: digest(browser),
      user_id: userId,
      expires_at: new Date(now + GOOGLE_CODE_SECONDS * 1000).toISOString(),
      used_at: null,
    })
    .execute();
  return { code, browser };
}

/**
 * Uses the code, if it is unused, unexpired and was made for this browser, in one conditional
 * update (of many callers at once, one wins): the user's id, or undefined.
 */
export async function useGoogleCode(
  db: Database,
  code: string,
  browser: string,
): Promise<string | undefined> {
  const now = nowIso();
  const used = await db
    .updateTable('google_sign_in_codes')
    .set({ used_at: now })
    .where('code_hash', '=', digest(code))
    .where('browser_hash', '=', digest(browser))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return used?.user_id;
}
