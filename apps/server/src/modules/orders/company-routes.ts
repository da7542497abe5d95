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
          "Reject an order waiting for approval (an admin of the order's company): its pieces go back to stock and it can no longer be paid. 409 when it does not wait",
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
          "Every member's orders of the company, newest first, or only those waiting for approval (approval=pending) (its admins); x-total-count carries the total",
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
