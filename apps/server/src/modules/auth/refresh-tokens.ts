import { createHash, randomBytes } from 'node:crypto';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';

export const REFRESH_TOKEN_DAYS = 30;

/** 256 random bits; only their SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function storeRefreshToken(
  db: Database,
  entry: { userId: string; familyId: string; hash: string },
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('refresh_tokens')
    .values({
      id: newId(),
      user_id: entry.userId,
      family_id: entry.familyId,
      token_hash: entry.hash,
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000).toISOString(),
      used_at: null,
      revoked_at: null,
      created_at: now.toISOString(),
    })
    .execute();
}

export function findRefreshToken(db: Database, hash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** Marks a token used, only if it still is unused and unrevoked: true when this call won. */
export async function markUsed(db: Database, id: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: nowIso() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Database, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every sign-in of the user (a password reset), or every one but `keep` (a password change
 * ends the others and keeps the caller's). Their access tokens stop working at once: the guard
 * refuses a token whose family is revoked.
 */
export async function revokeUserFamilies(db: Database, userId: string, keep?: string): Promise<void> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) query = query.where('family_id', '!=', keep);
  await query.execute();
}
