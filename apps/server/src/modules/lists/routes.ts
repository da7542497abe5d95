import { ErrorBody } from '@shop/contract/errors';
import {
  ListBody,
  ListIdParams,
  ListsQuery,
  MAX_LIST_LINES,
  MAX_LISTS,
  SavedList,
  SavedLists,
} from '@shop/contract/lists';
import { Acknowledged, Inserted } from '@shop/contract/primitives';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { createList, deleteList, getList, listsOf, replaceList } from './service.js';

const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const rules = `A name of 1–100 characters; 0–${MAX_LIST_LINES} lines, a part at most once, each quantity a whole number from 1 (not checked against stock, the part's range or its order multiple: the list is ordered later, with that day's stock and rules, and the order checks them); each line's reference ≤ 40 characters (longer → 400), kept with it. A line whose part is not in the catalog → 404 not_found, \`error.details\` naming every such line ({line: its place in \`lines\` from 0, partsId}).`;

/** Saved lists (requisition lists): a buyer's own parts and quantities to order again. */
export function listRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;

  api.get(
    '/api/lists',
    {
      onRequest: guard.buyer,
      schema: {
        tags: ['lists'],
        summary:
          "The caller's saved lists, newest first, each line with its part as the catalog has it now (buyers); x-total-count carries the total",
        security,
        querystring: ListsQuery,
        response: { 200: SavedLists, ...errors },
      },
    },
    async (request, reply) => {
      const page = await listsOf(db, callerOf(request), request.query);
      reply.header('x-total-count', String(page.total));
      return page.lists;
    },
  );

  api.post(
    '/api/lists',
    {
      onRequest: guard.buyer,
      schema: {
        tags: ['lists'],
        summary: `Save a list of parts and quantities (buyers; admins do not buy); at most ${MAX_LISTS} lists per account, then 422 too_many_lists`,
        description: rules,
        security,
        body: ListBody,
        response: { 201: Inserted, 415: ErrorBody, 422: ErrorBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ insertedId: await createList(db, callerOf(request), request.body) }),
  );

  api.get(
    '/api/lists/:id',
    {
      onRequest: guard.buyer,
      schema: {
        tags: ['lists'],
        summary:
          "One saved list (its owner; another's → 403), each line with its part as the catalog has it now, or no part once it left the catalog",
        security,
        params: ListIdParams,
        response: { 200: SavedList, ...errors },
      },
    },
    async (request) => getList(db, callerOf(request), request.params.id),
  );

  api.put(
    '/api/lists/:id',
    {
      onRequest: guard.buyer,
      schema: {
        tags: ['lists'],
        summary: "Replace a saved list's name and lines (its owner; another's → 403)",
        description: rules,
        security,
        params: ListIdParams,
        body: ListBody,
        response: { 200: Acknowledged, 415: ErrorBody, ...errors },
      },
    },
    async (request) => {
      await replaceList(db, callerOf(request), request.params.id, request.body);
      return { acknowledged: true as const };
    },
  );

  api.delete(
    '/api/lists/:id',
    {
      onRequest: guard.buyer,
      schema: {
        tags: ['lists'],
        summary: "Delete a saved list (its owner; another's → 403)",
        security,
        params: ListIdParams,
        response: { 200: Acknowledged, ...errors },
      },
    },
    async (request) => {
      await deleteList(db, callerOf(request), request.params.id);
      return { acknowledged: true as const };
    },
  );
}
