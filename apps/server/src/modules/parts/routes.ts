import { IncomingBody, PartIdParams } from '@shop/contract/availability';
import { SearchQuery } from '@shop/contract/catalog';
import { ErrorBody } from '@shop/contract/errors';
import {
  NewPartBody,
  Part,
  PartByIdQuery,
  PartList,
  PartSearchResult,
  PartsQuery,
} from '@shop/contract/parts';
import { Acknowledged, Inserted } from '@shop/contract/primitives';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { type BuyerContractPrices, withContractPrices } from './buyer-prices.js';
import { setIncoming } from './incoming-edit.js';
import {
  type BuyerPartNumbers,
  searchCatalog,
  type ToolParts,
  withBuyerNumbers,
  withFits,
} from './search.js';
import { addPart, deletePart, editPart, getPart, listCatalog, type StockArrived } from './service.js';

/** The search's own parameters, and `f.<key>` filters beside them (read by the service). */
const SearchParameters = SearchQuery.catchall(
  z.union([z.string(), z.array(z.string()).max(20)]).describe('f.<key>: a filter on an attribute'),
);

const security = [{ bearer: [] }];
const writeErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 415: ErrorBody };

export function partRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    guard: AuthGuard;
    tools: ToolParts;
    buyerNumbers: BuyerPartNumbers;
    contractPrices?: BuyerContractPrices;
    stockArrived?: StockArrived;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** The numbers of the request's buyer, when a buyer (not an admin) signed it. */
  const numbersOf = (request: FastifyRequest) =>
    request.caller && request.caller.role !== 'admin'
      ? deps.buyerNumbers.forBuyer(deps.db, request.caller.id)
      : undefined;
  /** The parts with the contract prices of the request's buyer (their company's), when a buyer signed it. */
  const pricedFor = (request: FastifyRequest, parts: Part[]) =>
    withContractPrices(
      deps.db,
      deps.contractPrices,
      request.caller && request.caller.role !== 'admin' ? request.caller.id : undefined,
      parts,
    );

  api.get(
    '/api/catalog/search',
    {
      decompress: false,
      onRequest: deps.guard.anyone,
      schema: {
        tags: ['parts'],
        summary:
          'Find parts by id, part number, tool model or words, filtered by category, stock, lifecycle, tool and attributes (f.<key>=a,b or f.<key>=lo..hi, numbers with SI prefixes and units: 4.7u, 10kΩ); facets count what each other choice would leave',
        description:
          "Anyone. With a signed-in buyer's access token, `q` also finds parts by the buyer's own part numbers (their company's when they belong to one: GET /api/customer-part-numbers), compared as mpns are (exact: first, with the exact mpns; a start of 3+ characters: with the mpns it starts), and each part found carries `customerPartNumber` when the buyer keeps one for it, and `contractPrice` when their company has one that applies and is below the list price. A token that is not valid is read as a visitor's.",
        querystring: SearchParameters,
        response: { 200: PartSearchResult, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const found = await searchCatalog(
        deps.db,
        request.query,
        request.query,
        deps.tools,
        await numbersOf(request),
      );
      return { ...found, parts: await pricedFor(request, found.parts) };
    },
  );

  api.get(
    '/api/parts',
    {
      // A GET has no body to decompress.
      decompress: false,
      onRequest: deps.guard.anyone,
      schema: {
        tags: ['parts'],
        summary:
          'The catalog, in catalog order or by name or newest first; x-total-count carries the number of matching parts',
        description:
          "Anyone. For a signed-in member of a company each part carries `contractPrice` when their company has one that applies and is below the list price; a token that is not valid is read as a visitor's.",
        querystring: PartsQuery,
        response: { 200: PartList, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const { parts, total } = await listCatalog(deps.db, request.query);
      reply.header('x-total-count', String(total));
      return pricedFor(request, parts);
    },
  );

  api.get(
    '/api/partsById',
    {
      decompress: false,
      onRequest: deps.guard.anyone,
      schema: {
        tags: ['parts'],
        summary: 'One part',
        description:
          "Anyone. For a signed-in buyer the part carries `customerPartNumber` when the buyer (or their company) keeps one for it, and `contractPrice` when their company has one that applies and is below the list price; a token that is not valid is read as a visitor's.",
        querystring: PartByIdQuery,
        response: { 200: Part, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const [part, numbers] = await Promise.all([getPart(deps.db, request.query.id), numbersOf(request)]);
      const [withNumbers] = await withBuyerNumbers(numbers, await withFits(deps.db, deps.tools, [part]));
      return withNumbers && (await pricedFor(request, [withNumbers]))[0];
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
      await editPart(deps.db, callerOf(request), request.query.id, request.body, deps.stockArrived);
      return { acknowledged: true as const };
    },
  );

  api.put(
    '/api/parts/:id/incoming',
    {
      onRequest: deps.guard.admin,
      schema: {
        tags: ['parts'],
        summary:
          "Set a part's incoming batches, lead time and whether it may be backordered (admins); answers the part",
        description:
          "The batches replace the part's (at most 20, each 1 piece or more, on a day YYYY-MM-DD); leadTimeDays (0–365, null: unknown) and backorderable change only when sent. Audited (part.incoming).",
        security,
        params: PartIdParams,
        body: IncomingBody,
        response: { 200: Part, 404: ErrorBody, ...writeErrors },
      },
    },
    async (request) => setIncoming(deps.db, callerOf(request), request.params.id, request.body),
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
