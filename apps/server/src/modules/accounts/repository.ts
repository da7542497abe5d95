import type { ExpressionBuilder } from 'kysely';
import { newId } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { LinkPurpose } from './links.js';

export async function insertLink(
  db: Database,
  link: { userId: string; purpose: LinkPurpose; now: Date; lifetimeMs: number },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('account_links')
    .values({
      id,
      user_id: link.userId,
      purpose: link.purpose,
      expires_at: new Date(link.now.getTime() + link.lifetimeMs).toISOString(),
      used_at: null,
      created_at: link.now.toISOString(),
    })
    .execute();
  return id;
}

/** Ends the user's unused links of this purpose (a newer reset link replaces the older ones). */
export async function endUnusedLinks(db: Database, userId: string, purpose: LinkPurpose, now: string) {
  await db
    .updateTable('account_links')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** Link `id` of this purpose, neither used nor expired at `now`. */
const usable =
  (id: string, purpose: LinkPurpose, now: string) => (eb: ExpressionBuilder<DB, 'account_links'>) =>
    eb.and([
      eb('id', '=', id),
      eb('purpose', '=', purpose),
      eb('used_at', 'is', null),
      eb('expires_at', '>', now),
    ]);

/**
 * Uses the link once: one conditional update, so of many redeeming it at once exactly one wins.
 * Answers the account it belongs to, or undefined when used, expired, unknown or of another purpose.
 */
export async function redeemLink(
  db: Database,
  id: string,
  purpose: LinkPurpose,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('account_links')
    .set({ used_at: now })
    .where(usable(id, purpose, now))
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** The account a link still usable belongs to. */
export async function usableLinkOwner(
  db: Database,
  id: string,
  purpose: LinkPurpose,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('account_links')
    .select('user_id')
    .where(usable(id, purpose, now))
    .executeTakeFirst();
  return row?.user_id;
}

/** Gives back a link taken at `takenAt` whose use could not be finished. */
export async function releaseLink(db: Database, id: string, takenAt: string) {
  await db
    .updateTable('account_links')
    .set({ used_at: null })
    .where('id', '=', id)
    .where('used_at', '=', takenAt)
    .execute();
}

/** What a mail carrying the link needs, while the link still works. */
export function findUsableLink(db: Database, id: string, now: string) {
  return db
    .selectFrom('account_links')
    .innerJoin('users', 'users.id', 'account_links.user_id')
    .select(['account_links.id', 'account_links.purpose', 'users.name'])
    .where('account_links.id', '=', id)
    .where('account_links.used_at', 'is', null)
    .where('account_links.expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks the email verified (once: the first time is kept). */
export async function markEmailVerified(db: Database, userId: string, now: string) {
  await db
    .updateTable('users')
    .set({ email_verified_at: now })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
}
