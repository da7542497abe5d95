import { AddressBody, AddressIdParams, MAX_ADDRESSES, SavedAddresses } from '@shop/contract/addresses';
import { ErrorBody } from '@shop/contract/errors';
import { Acknowledged, Inserted } from '@shop/contract/primitives';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { addAddress, addressesOf, deleteAddress } from './service.js';

const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Saved delivery addresses: a buyer's own, offered at checkout. */
export function addressRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;

  api.get(
    '/api/addresses',
    {
      onRequest: guard.buyer,
      schema: {
        tags: ['addresses'],
        summary: `The caller's saved delivery addresses, oldest first (buyers; at most ${MAX_ADDRESSES}, so no paging)`,
        security,
        response: { 200: SavedAddresses, ...errors },
      },
    },
    async (request) => addressesOf(db, callerOf(request)),
  );

  api.post(
    '/api/addresses',
    {
      onRequest: guard.buyer,
      schema: {
        tags: ['addresses'],
        summary: `Save a delivery address (buyers; admins do not buy): a label of 1–60 characters and an address of 1–500; at most ${MAX_ADDRESSES} per account, then 422 too_many_addresses`,
        security,
        body: AddressBody,
        response: { 201: Inserted, 415: ErrorBody, 422: ErrorBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ insertedId: await addAddress(db, callerOf(request), request.body) }),
  );

  api.delete(
    '/api/addresses/:id',
    {
      onRequest: guard.buyer,
      schema: {
        tags: ['addresses'],
        summary: "Delete a saved delivery address (its owner; another's → 403)",
        security,
        params: AddressIdParams,
        response: { 200: Acknowledged, ...errors },
      },
    },
    async (request) => {
      await deleteAddress(db, callerOf(request), request.params.id);
      return { acknowledged: true as const };
    },
  );
}
