import { z } from 'zod';
import { Id, line } from './primitives.js';

/*
 * API keys (`/api/api-keys`): docs/api.md, "API keys". A buyer's keys act for themself, a company
 * admin's for the company; each with its creator's rights narrowed to its scopes.
 */

/** What a key may do: read the catalog, read orders, place and change orders, ask for and answer quotes. */
export const API_KEY_SCOPES = ['catalog:read', 'orders:read', 'orders:write', 'quotes:write'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES, {
  message: `must be one of ${API_KEY_SCOPES.join(', ')}`,
});
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** The most keys one account holds (revoked ones not counted), and the longest name. */
export const MAX_API_KEYS = 20;
export const MAX_API_KEY_NAME_LENGTH = 80;
export const TOO_MANY_API_KEYS_MESSAGE = `You hold ${MAX_API_KEYS} API keys, the most one account may hold: revoke one first`;

/** Every key starts so, which tells it from an access token. */
export const API_KEY_PREFIX = 'sk_live_';

export const NewApiKeyBody = z.strictObject({
  name: line({ min: 1, max: MAX_API_KEY_NAME_LENGTH }),
  scopes: z
    .array(ApiKeyScope)
    .min(1, 'must name at least one scope')
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'must name each scope once'),
});
export type NewApiKeyBody = z.infer<typeof NewApiKeyBody>;

/** The answer to `POST`: the key itself, shown this once (the shop keeps only its hash). */
export const CreatedApiKey = z.object({ _id: Id, key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKey = z.object({
  _id: Id,
  name: z.string(),
  scopes: z.array(ApiKeyScope),
  createdAt: z.string(),
  lastUsedAt: z.string().optional(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.array(ApiKey);
export const ApiKeyIdParams = z.object({ id: Id });
