import type { Database } from '../../db/database.js';
import { revokeUserFamilies } from './refresh-tokens.js';

/**
 * The owner of an email takes back an account someone else opened with it before its owner
 * proved the mailbox theirs (a password reset by the mailed link, or Google vouching for the
 * email). Whatever the earlier holder left goes, in the caller's transaction: every sign-in, the
 * saved addresses and mobile, the saved lists. (Orders stay: they are the shop's records.)
 */
export async function removeEarlierHolder(db: Database, userId: string): Promise<void> {
  await revokeUserFamilies(db, userId);
  await db.deleteFrom('addresses').where('user_id', '=', userId).execute();
  // Lines first: a list's lines go with it by foreign key, said here for any database.
  await db
    .deleteFrom('list_lines')
    .where('list_id', 'in', db.selectFrom('lists').select('id').where('user_id', '=', userId))
    .execute();
  await db.deleteFrom('lists').where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ mobile: null }).where('id', '=', userId).execute();
}
