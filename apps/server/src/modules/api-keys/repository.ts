import { MAX_API_KEYS } from '@shop/contract/api-keys';
import type { Database } from '../../db/database.js';
import type { ApiKeysTable } from '../../db/schema.js';

export type ApiKeyRow = ApiKeysTable;

/** The user's keys not revoked, oldest first (MAX_API_KEYS at most). */
export function keysOf(db: Database, userId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(MAX_API_KEYS)
    .execute();
}

export async function countKeys(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertKey(db: Database, key: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(key).execute();
}

/** Revokes the user's key; false when they hold no such key (not theirs, or revoked already). */
export async function revokeKey(db: Database, userId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The key with this hash, not revoked, with its creator as the database knows them now and their
 * company seat (none: nulls); undefined when there is no such key or its creator is gone.
 */
export function findKeyHolder(db: Database, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .leftJoin('company_members', 'company_members.user_id', 'api_keys.user_id')
    .select([
      'api_keys.id as id',
      'api_keys.key_hash as key_hash',
      'api_keys.company_id as company_id',
      'api_keys.scopes as scopes',
      'api_keys.last_used_at as last_used_at',
      'users.id as user_id',
      'users.name as user_name',
      'users.email as user_email',
      'users.role as user_role',
      'company_members.company_id as seat_company_id',
      'company_members.role as seat_role',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Notes the key's use, unless it was noted since `staleBefore` (so at most one write a minute). */
export async function touchKey(db: Database, id: string, at: string, staleBefore: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}
