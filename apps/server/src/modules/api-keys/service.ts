import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
  MAX_API_KEYS,
  type NewApiKeyBody,
  TOO_MANY_API_KEYS_MESSAGE,
} from '@shop/contract/api-keys';
import { newId, nowIso } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../http/app-error.js';
import type { Caller } from '../../http/auth-guard.js';
import { membershipOf } from '../companies/index.js';
import { serialiseUserWrites } from '../users/index.js';
import * as keys from './repository.js';

/** How the shop keeps a key: its SHA-256 (the key is 32 random bytes, so no salt or slow hash is needed). */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

const toApiKey = (row: keys.ApiKeyRow): ApiKey => ({
  _id: row.id,
  name: row.name,
  scopes: JSON.parse(row.scopes) as ApiKeyScope[],
  createdAt: row.created_at,
  ...(row.last_used_at ? { lastUsedAt: row.last_used_at } : {}),
});

export async function keysOf(db: Database, owner: Caller): Promise<ApiKey[]> {
  return (await keys.keysOf(db, owner.id)).map(toApiKey);
}

/**
 * Makes a key for the caller: a buyer in no company for themself, a company admin for their
 * company. The shop's admins make none (a key never carries the shop's admin rights), nor do a
 * company's buyers (their company's admins do). The cap is decided with the owner's row locked.
 */
export async function createKey(db: Database, owner: Caller, body: NewApiKeyBody): Promise<CreatedApiKey> {
  if (owner.role === 'admin') throw forbidden("The shop's admins do not make API keys");
  const seat = await membershipOf(db, owner.id);
  if (seat && seat.role !== 'admin') throw forbidden("Only your company's admins make API keys for it");
  const id = newId();
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  await db.transaction().execute(async (trx) => {
    await serialiseUserWrites(trx, owner.id);
    if ((await keys.countKeys(trx, owner.id)) >= MAX_API_KEYS)
      throw new AppError('too_many_api_keys', TOO_MANY_API_KEYS_MESSAGE);
    await keys.insertKey(trx, {
      id,
      user_id: owner.id,
      company_id: seat?.company_id ?? null,
      name: body.name,
      scopes: JSON.stringify(body.scopes),
      key_hash: hashKey(key),
      created_at: nowIso(),
      last_used_at: null,
      revoked_at: null,
    });
  });
  return { _id: id, key };
}

/** Revokes the caller's key at once; none of theirs (another's, or revoked) → 404. */
export async function revokeKey(db: Database, owner: Caller, id: string): Promise<void> {
  if (!(await keys.revokeKey(db, owner.id, id, nowIso()))) throw notFound('API key');
}

/** A key's holder: its creator as a caller, narrowed to the key's scopes. */
export type KeyCaller = Caller & { apiKey: NonNullable<Caller['apiKey']> };

/**
 * The caller a key stands for, or undefined for a key that is unknown, revoked, or dead: its
 * creator gone, now the shop's admin, or no longer in the seat it was made from (a company's
 * admin, or a buyer in no company).
 */
export async function keyCaller(db: Database, key: string): Promise<KeyCaller | undefined> {
  const hash = hashKey(key);
  const row = await keys.findKeyHolder(db, hash);
  if (!row || !timingSafeEqual(Buffer.from(row.key_hash), Buffer.from(hash))) return undefined;
  if (row.user_role === 'admin') return undefined;
  if ((row.seat_company_id ?? null) !== row.company_id) return undefined;
  if (row.company_id !== null && row.seat_role !== 'admin') return undefined;
  return {
    id: row.user_id,
    name: row.user_name,
    email: row.user_email,
    role: null,
    sessionId: `api-key:${row.id}`,
    apiKey: { id: row.id, scopes: JSON.parse(row.scopes) as ApiKeyScope[], lastUsedAt: row.last_used_at },
  };
}

/** Notes the key's use, at most once a minute. */
export async function noteKeyUse(db: Database, key: KeyCaller['apiKey']): Promise<void> {
  const now = Date.now();
  if (key.lastUsedAt && Date.parse(key.lastUsedAt) > now - 60_000) return;
  await keys.touchKey(db, key.id, new Date(now).toISOString(), new Date(now - 60_000).toISOString());
}
