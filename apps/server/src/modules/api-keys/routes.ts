import {
  API_KEY_SCOPES,
  ApiKeyIdParams,
  ApiKeyList,
  CreatedApiKey,
  MAX_API_KEYS,
  NewApiKeyBody,
} from '@shop/contract/api-keys';
import { ErrorBody } from '@shop/contract/errors';
import { Acknowledged } from '@shop/contract/primitives';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { createKey, keysOf, revokeKey } from './service.js';

const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const whose =
  "A buyer in no company makes keys for themself, a company admin for their company (its buyers → 403); the shop's admins make none (403). A key is sent as `authorization: Bearer <key>` and acts with its creator's rights narrowed to its scopes; it dies when revoked, or when its creator leaves the seat it was made from. API keys cannot manage keys.";

/** Keys for a buyer's own systems: made, listed and revoked by their creator (signed in). */
export function apiKeyRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;

  api.get(
    '/api/api-keys',
    {
      onRequest: guard.user,
      schema: {
        tags: ['api keys'],
        summary: `The caller's keys not revoked, oldest first, without the keys themselves (at most ${MAX_API_KEYS}, so no paging)`,
        description: whose,
        security,
        response: { 200: ApiKeyList, ...errors },
      },
    },
    async (request) => keysOf(db, callerOf(request)),
  );

  api.post(
    '/api/api-keys',
    {
      onRequest: guard.user,
      schema: {
        tags: ['api keys'],
        summary: `Make a named key with scopes (${API_KEY_SCOPES.join(', ')}) → 201 {_id, key}: the key is shown this once, the shop keeps only its SHA-256`,
        description: `${whose} At most ${MAX_API_KEYS} keys an account (422 too_many_api_keys).`,
        security,
        body: NewApiKeyBody,
        response: { 201: CreatedApiKey, 415: ErrorBody, 422: ErrorBody, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createKey(db, callerOf(request), request.body)),
  );

  api.delete(
    '/api/api-keys/:id',
    {
      onRequest: guard.user,
      schema: {
        tags: ['api keys'],
        summary: "Revoke one of the caller's keys at once (another's, or one revoked already → 404)",
        security,
        params: ApiKeyIdParams,
        response: { 200: Acknowledged, ...errors },
      },
    },
    async (request) => {
      await revokeKey(db, callerOf(request), request.params.id);
      return { acknowledged: true as const };
    },
  );
}
