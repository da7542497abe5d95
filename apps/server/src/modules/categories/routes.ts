import { Category, CategoryBody } from '@shop/contract/catalog';
import { ErrorBody } from '@shop/contract/errors';
import { Acknowledged, Id, Inserted } from '@shop/contract/primitives';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { addCategory, editCategory, listCategories, removeCategory } from './service.js';

const security = [{ bearer: [] }];
const writeErrors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  415: ErrorBody,
};
const ById = z.object({ id: Id });

/** The catalog's categories: anyone reads them, admins keep them. */
export function categoryRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;

  api.get(
    '/api/categories',
    {
      decompress: false,
      schema: {
        tags: ['catalog'],
        summary:
          'Every category (a tree by parentId; at most 1000), its attributes and parts counted with its sub-categories',
        response: { 200: z.array(Category) },
      },
    },
    async () => listCategories(db),
  );

  api.post(
    '/api/categories',
    {
      onRequest: guard.admin,
      schema: {
        tags: ['catalog'],
        summary: 'Add a category (admins), with its UNSPSC code if it has one (8 digits)',
        security,
        body: CategoryBody,
        response: { 201: Inserted, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ insertedId: await addCategory(db, callerOf(request), request.body) }),
  );

  api.put(
    '/api/categories/:id',
    {
      onRequest: guard.admin,
      schema: {
        tags: ['catalog'],
        summary:
          "Rename, move or change a category's attributes or UNSPSC code (admins); an attribute parts carry keeps its key, type and unit (409); a code left out stays, null clears it",
        security,
        params: ById,
        body: CategoryBody,
        response: { 200: Acknowledged, ...writeErrors },
      },
    },
    async (request) => {
      await editCategory(db, callerOf(request), request.params.id, request.body);
      return { acknowledged: true as const };
    },
  );

  api.delete(
    '/api/categories/:id',
    {
      onRequest: guard.admin,
      schema: {
        tags: ['catalog'],
        summary: 'Delete a category (admins); one with parts or sub-categories stays (409)',
        security,
        params: ById,
        response: { 200: Acknowledged, ...writeErrors },
      },
    },
    async (request) => {
      await removeCategory(db, callerOf(request), request.params.id);
      return { acknowledged: true as const };
    },
  );
}
