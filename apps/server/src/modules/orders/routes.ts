import { OrderLineParams } from '@shop/contract/availability';
import { ErrorBody } from '@shop/contract/errors';
import {
  AllOrdersQuery,
  Order,
  OrderBody,
  OrderFilters,
  OrderIdParams,
  OrderList,
  OrdersQuery,
  PurchaseBody,
} from '@shop/contract/orders';
import { Acknowledged, EmailQuery, Inserted } from '@shop/contract/primitives';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressKey } from '../../http/address-key.js';
import { type AuthGuard, callerOf, requireSelfOrAdmin } from '../../http/auth-guard.js';
import { limit } from '../../plugins/rate-limits.js';
import { cancelOrder } from './cancel.js';
import { dropBackorder } from './drop-backorder.js';
import { getOrder, listOrders, type OrderDeps, ordersCsv, placeOrder, purchase } from './service.js';

const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** What placing an order answers (a one-part purchase or many lines alike). */
const placedResponses = {
  201: Inserted,
  409: ErrorBody,
  415: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  ...errors,
};

export function orderRoutes(app: FastifyInstance, deps: OrderDeps & { guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;
  const { rateLimits } = app.config;
  /** Orders are limited per address (the routes' limit), then per account. */
  const purchasesPerIp = limit('purchases-ip', rateLimits.purchasesPerIp, (request) =>
    addressKey(request.ip),
  );
  const purchasesPerAccount = app.rateLimited(
    limit('purchases-account', rateLimits.purchasesPerAccount, (request) => callerOf(request).id),
  );
  /** The buyer placing an order, once the rate limits of their address and account let them. */
  const buyerOf = async (request: FastifyRequest) => {
    await purchasesPerAccount(request);
    return callerOf(request);
  };

  api.post(
    '/api/purchase',
    {
      onRequest: guard.buyer,
      config: { rateLimit: purchasesPerIp },
      schema: {
        tags: ['orders'],
        summary:
          'Order a part (buyers): priced by the shop, the pieces reserved at once; 409 too_many_unpaid_orders beyond UNPAID_ORDERS_PER_BUYER unpaid orders',
        description:
          'An unpaid order holds its pieces for UNPAID_ORDER_HOURS_UNVERIFIED (buyer email not verified), UNPAID_ORDER_HOURS_VERIFIED, or UNPAID_ORDER_HOURS_ABOVE_CARD_LIMIT (above 9,999.99); then it expires (expiredAt), its pieces go back to stock, and it can be neither paid nor cancelled (409 order_expired). The unpaid orders of a buyer whose email is not verified hold at most UNPAID_ORDER_VALUE_UNVERIFIED dollars together (9,999 by default): beyond, 409 too_many_unpaid_orders saying so. A quantity outside the range of the part → 422 quantity_out_of_range (the message of SPEC); one that is not a multiple of its order_multiple → 422 quantity_out_of_range naming the multiple.',
        security,
        body: PurchaseBody,
        response: placedResponses,
      },
    },
    async (request, reply) =>
      reply.status(201).send({ insertedId: await purchase(deps, await buyerOf(request), request.body) }),
  );

  api.post(
    '/api/orders',
    {
      onRequest: guard.buyer,
      config: { rateLimit: purchasesPerIp },
      schema: {
        tags: ['orders'],
        summary:
          "Order many parts at once (buyers): 1–100 lines, a part at most once, each line priced by the part's price breaks; all lines' pieces are taken together, or none",
        description:
          "A line whose part is not in the catalog → 404 not_found, a line whose quantity lies outside its part's range → 422 quantity_out_of_range (SPEC's message), or is not a multiple of its part's order_multiple → 422 quantity_out_of_range whose message names the part and its multiple ('Quantity of … must be a multiple of 50'); either way `error.details` names every refused line ({line: its place in `lines` from 0, partsId}) and nothing is taken. A line's optional reference (the buyer's designators or cost code, ≤ 40 characters, longer → 400 validation, never cut) is kept, answered with the line, and printed on the invoice, the packing slip and the CSV export. Otherwise as POST /api/purchase (unpaid cap, expiry).",
        security,
        body: OrderBody,
        response: placedResponses,
      },
    },
    async (request, reply) =>
      reply.status(201).send({ insertedId: await placeOrder(deps, await buyerOf(request), request.body) }),
  );

  api.get(
    '/api/purchase',
    {
      onRequest: guard.admin,
      schema: {
        tags: ['orders'],
        summary:
          'Every order not cancelled (with status=cancelled: every cancelled one), newest first, filtered by state (paid, unpaid: still payable, expired, to_ship), buyer, part and q (an order number, else a piece of the buyer or their company) (admins); x-total-count carries the total',
        security,
        querystring: AllOrdersQuery,
        response: { 200: OrderList, ...errors },
      },
    },
    async (request, reply) => {
      const page = await listOrders(db, request.query);
      reply.header('x-total-count', String(page.total));
      return page.orders;
    },
  );

  api.get(
    '/api/purchase.csv',
    {
      onRequest: guard.admin,
      schema: {
        tags: ['orders'],
        summary: 'The filtered orders as CSV (RFC 4180; formulas neutralised) (admins)',
        security,
        querystring: OrderFilters,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'no-store')
        .send(await ordersCsv(db, request.query)),
  );

  api.get(
    '/api/purchaseByEmail',
    {
      onRequest: guard.user,
      schema: {
        tags: ['orders'],
        summary:
          "A buyer's orders, newest first (that buyer, or admins): those not cancelled, or with status=cancelled the cancelled ones; x-total-count carries the total",
        security,
        querystring: OrdersQuery.extend(EmailQuery.shape),
        response: { 200: OrderList, ...errors },
      },
    },
    async (request, reply) => {
      requireSelfOrAdmin(callerOf(request), request.query.email);
      const page = await listOrders(db, request.query);
      reply.header('x-total-count', String(page.total));
      return page.orders;
    },
  );

  api.get(
    '/api/purchaseById/:id',
    {
      onRequest: guard.user,
      schema: {
        tags: ['orders'],
        summary: 'One order (its buyer, or admins)',
        security,
        params: OrderIdParams,
        response: { 200: Order, ...errors },
      },
    },
    async (request) => getOrder(db, callerOf(request), request.params.id),
  );

  api.delete(
    '/api/purchaseById/:id',
    {
      onRequest: guard.user,
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an unpaid order (its buyer, or admins); its pieces return to stock and the order stays, with status cancelled and cancelledAt (a paid, invoiced or shipped order: 409 conflict; an expired one: 409 order_expired; one cancelled already: 409 conflict)',
        security,
        params: OrderIdParams,
        response: { 200: Acknowledged, 409: ErrorBody, ...errors },
      },
    },
    async (request) => {
      await cancelOrder(deps, callerOf(request), request.params.id);
      return { acknowledged: true as const };
    },
  );

  api.post(
    '/api/purchaseById/:id/lines/:partsId/cancel-backorder',
    {
      onRequest: guard.user,
      schema: {
        tags: ['orders'],
        summary:
          "Drop a line's waiting pieces (the order's buyer, or an admin of its company); answers the order",
        description:
          'Only pieces still waiting (backordered) are dropped; none waiting: 409. An unpaid order becomes smaller (its line and total lose the pieces; its started card payments are cancelled); a paid one keeps its amount and records the refund due; one invoiced on account gets a credit note (CN-…). The line counts the pieces as dropped. Audited (order.backorder_dropped).',
        security,
        params: OrderLineParams,
        response: { 200: Order, 409: ErrorBody, ...errors },
      },
    },
    async (request) => dropBackorder(deps, callerOf(request), request.params.id, request.params.partsId),
  );
}
