import { CompanyIdParams, SettlementBody } from '@shop/contract/companies';
import { ErrorBody } from '@shop/contract/errors';
import { CompanyOrdersQuery, Order, OrderIdParams, OrderList } from '@shop/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import {
  approveOrder,
  type CompanyOrderDeps,
  listCompanyOrders,
  rejectOrder,
  settleOrder,
} from './company-orders.js';

const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** A company's orders: approvals by its admins, its list, and the shop's record of net-30 payments. */
export function companyOrderRoutes(app: FastifyInstance, deps: CompanyOrderDeps & { guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;

  api.post(
    '/api/orders/:id/approve',
    {
      onRequest: guard.user,
      schema: {
        tags: ['companies'],
        summary:
          "Approve an order waiting for approval (an admin of the order's company); it can then be paid, or with net-30 terms it is invoiced at once. 409 when it does not wait",
        description:
          "Only an admin of the order's company approves: its buyer, another company's admin and the shop's admin → 403 (the shop's admin holds no seat's rights, even one who kept a seat; it may reject the order instead). An admin never approves their own order (it waits because it passes their spending limit) → 403: another admin of the company must. An order released because it waited longer than its buyer's UNPAID_ORDER_HOURS_* → 409 order_expired.",
        security,
        params: OrderIdParams,
        response: { 200: Order, 409: ErrorBody, ...errors },
      },
    },
    async (request) => approveOrder(deps, callerOf(request), request.params.id),
  );

  api.post(
    '/api/orders/:id/reject',
    {
      onRequest: guard.user,
      schema: {
        tags: ['companies'],
        summary:
          "Reject an order waiting for approval (an admin of the order's company, or the shop's admin): its pieces go back to stock and it can no longer be paid. 409 when it does not wait",
        description:
          "The shop's admin may reject any company's order waiting for approval, releasing the pieces it holds (its buyer is mailed that the shop rejected it); approving stays with the company's admins. (Any unpaid order's hold, one waiting for approval included, the shop's admin also ends with DELETE /api/purchaseById/{id}.) An order waiting for approval holds its pieces no longer than its buyer's UNPAID_ORDER_HOURS_* from when it was placed, its company's admins reminded by mail halfway; released, it answers 409 order_expired.",
        security,
        params: OrderIdParams,
        response: { 200: Order, 409: ErrorBody, ...errors },
      },
    },
    async (request) => rejectOrder(deps, callerOf(request), request.params.id),
  );

  api.get(
    '/api/companies/:id/orders',
    {
      onRequest: guard.user,
      schema: {
        tags: ['companies'],
        summary:
          "Every member's orders of the company not cancelled (status=cancelled: the cancelled ones), newest first, or only those waiting for approval (approval=pending) (its admins); x-total-count carries the total",
        security,
        params: CompanyIdParams,
        querystring: CompanyOrdersQuery,
        response: { 200: OrderList, ...errors },
      },
    },
    async (request, reply) => {
      const page = await listCompanyOrders(db, callerOf(request), {
        companyId: request.params.id,
        ...request.query,
      });
      reply.header('x-total-count', String(page.total));
      return page.orders;
    },
  );

  api.put(
    '/api/purchaseById/:id/settlement',
    {
      onRequest: guard.admin,
      schema: {
        tags: ['companies'],
        summary:
          'Record the bank payment of a net-30 invoice (admins): the order becomes paid and its receipt is mailed. 409 when it is not on net-30 terms or is paid already',
        security,
        params: OrderIdParams,
        body: SettlementBody,
        response: { 200: Order, 409: ErrorBody, ...errors },
      },
    },
    async (request) => settleOrder(deps, callerOf(request), request.params.id, request.body.reference),
  );
}
