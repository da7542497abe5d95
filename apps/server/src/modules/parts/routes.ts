import { ErrorBody } from '@shop/contract/errors';
import { Part, PartByIdQuery, PartList, PartsQuery } from '@shop/contract/parts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { getPart, listCatalog } from './service.js';

export function partRoutes(app: FastifyInstance, deps: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/parts',
    {
      schema: {
        tags: ['parts'],
        summary: 'The catalog, in catalog order; x-total-count carries the number of matching parts',
        querystring: PartsQuery,
        response: { 200: PartList, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const { parts, total } = await listCatalog(deps.db, request.query);
      reply.header('x-total-count', String(total));
      return parts;
    },
  );

  api.get(
    '/api/partsById',
    {
      schema: {
        tags: ['parts'],
        summary: 'One part',
        querystring: PartByIdQuery,
        response: { 200: Part, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getPart(deps.db, request.query.id),
  );
}
