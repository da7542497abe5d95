import { ErrorBody } from '@shop/contract/errors';
import { NewPartBody, Part, PartByIdQuery, PartList, PartsQuery } from '@shop/contract/parts';
import { Acknowledged, Inserted } from '@shop/contract/primitives';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import type { CachedReads } from '../../http/cached-reads.js';
import {
  CACHED_ANSWERS,
  CACHED_ROUTE,
  type CachedJson,
  sendCachedJson,
  versionedCache,
} from '../../http/versioned-cache.js';
import { addPart, deletePart, editPart, getPart, listCatalog } from './service.js';

const security = [{ bearer: [] }];
const writeErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 415: ErrorBody };

export function partRoutes(
  app: FastifyInstance,
  deps: { db: Database; guard: AuthGuard; changes: ChangeFeed; reads: CachedReads },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Every visitor reads the same pages: they are kept as bytes until a write changes the catalog.
  const answers = versionedCache<CachedJson>(deps.changes, CACHED_ANSWERS);

  api.get(
    '/api/parts',
    {
      ...CACHED_ROUTE,
      schema: {
        tags: ['parts'],
        summary: 'The catalog, in catalog order; x-total-count carries the number of matching parts',
        querystring: PartsQuery,
        response: { 200: PartList, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const { q, limit, offset } = request.query;
      const key = `list:${limit}:${offset}:${q ?? ''}`;
      const answer = await answers.get(key, () => listCatalog(deps.db, request.query));
      deps.reads.remember(request.url, answers, key);
      return sendCachedJson(request, reply, answer);
    },
  );

  api.get(
    '/api/partsById',
    {
      ...CACHED_ROUTE,
      schema: {
        tags: ['parts'],
        summary: 'One part',
        querystring: PartByIdQuery,
        response: { 200: Part, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const key = `part:${request.query.id}`;
      const answer = await answers.get(key, () => getPart(deps.db, request.query.id));
      deps.reads.remember(request.url, answers, key);
      return sendCachedJson(request, reply, answer);
    },
  );

  api.post(
    '/api/parts',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['parts'],
        summary: 'Add a part to the catalog (admins)',
        security,
        body: NewPartBody,
        response: { 201: Inserted, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ insertedId: await addPart(deps.db, callerOf(request), request.body) }),
  );

  api.put(
    '/api/partsById',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['parts'],
        summary: 'Edit or restock a part (admins); orders already placed keep their price',
        security,
        querystring: PartByIdQuery,
        body: NewPartBody,
        response: { 200: Acknowledged, 404: ErrorBody, ...writeErrors },
      },
    },
    async (request) => {
      await editPart(deps.db, callerOf(request), request.query.id, request.body);
      return { acknowledged: true as const };
    },
  );

  api.delete(
    '/api/partsById',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['parts'],
        summary: 'Take a part out of the catalog (admins); its orders keep their name and price',
        security,
        querystring: PartByIdQuery,
        response: { 200: Acknowledged, 404: ErrorBody, ...writeErrors },
      },
    },
    async (request) => {
      await deletePart(deps.db, callerOf(request), request.query.id);
      return { acknowledged: true as const };
    },
  );
}
