import { ErrorBody } from '@shop/contract/errors';
import { Acknowledged, Inserted } from '@shop/contract/primitives';
import { Fleet, FleetEntryBody, FleetEntryParams, MAX_FLEET_ENTRIES } from '@shop/contract/tools';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { addFleetEntry, fleetOf, removeFleetEntry } from './fleet-service.js';

const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const whose =
  "The fleet is the caller's own, or their company's when they belong to one: shared by its members, every member (admin or buyer) reads it, adds to it and removes from it.";

/** A buyer's fleet: the tools they (or their company) own, for their wear parts. */
export function fleetRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;

  api.get(
    '/api/my-tools',
    {
      onRequest: guard.user,
      schema: {
        tags: ['tools'],
        summary: `The caller's fleet, oldest first (at most ${MAX_FLEET_ENTRIES} entries, so no paging), each entry with its tool model and the model's parts that wear`,
        description: whose,
        security,
        response: { 200: Fleet, ...errors },
      },
    },
    async (request) => fleetOf(db, callerOf(request)),
  );

  api.post(
    '/api/my-tools',
    {
      onRequest: guard.user,
      schema: {
        tags: ['tools'],
        summary: `Add tools of one model to the caller's fleet: \`toolId\`, \`quantity\` 1–100,000, \`serialNumber\` (1–60 characters) and \`note\` (1–500) if wanted; at most ${MAX_FLEET_ENTRIES} entries a fleet, then 422 too_many_fleet_entries; a tool model not in the catalog → 422 unknown_tool`,
        description: whose,
        security,
        body: FleetEntryBody,
        response: { 201: Inserted, 415: ErrorBody, 422: ErrorBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ insertedId: await addFleetEntry(db, callerOf(request), request.body) }),
  );

  api.delete(
    '/api/my-tools/:id',
    {
      onRequest: guard.user,
      schema: {
        tags: ['tools'],
        summary:
          "Remove an entry of the caller's fleet; an entry of another fleet → 404, as one that does not exist",
        description: whose,
        security,
        params: FleetEntryParams,
        response: { 200: Acknowledged, ...errors },
      },
    },
    async (request) => {
      await removeFleetEntry(db, callerOf(request), request.params.id);
      return { acknowledged: true as const };
    },
  );
}
