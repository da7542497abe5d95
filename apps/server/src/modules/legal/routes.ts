import { Operator } from '@shop/contract/legal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Seller } from '../../seller-config.js';
import { operatorOf } from './service.js';

export function legalRoutes(app: FastifyInstance, deps: { seller: Seller }) {
  const operator = operatorOf(deps.seller);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/operator',
    {
      schema: {
        tags: ['legal'],
        summary:
          'Who runs the shop (legal name, address, tax ID, contact), as configured: what its imprint, terms of sale and privacy notice name',
        response: { 200: Operator },
      },
    },
    async () => operator,
  );
}
