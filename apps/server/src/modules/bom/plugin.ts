import fp from 'fastify-plugin';
import type { BuyerContractPrices } from '../parts/index.js';
import { bomRoutes } from './routes.js';
import type { CustomerNumberLookup } from './service.js';

/**
 * Bills of materials. `customerPartNumbers` finds parts by the buyer's own numbers (the app gives
 * it, as the customer-part-numbers module reads them); without it, lines match by id and mpn.
 */
export const bomRoutesPlugin = fp<{
  customerPartNumbers?: CustomerNumberLookup;
  contractPrices?: BuyerContractPrices;
}>(
  async (app, options) => {
    await bomRoutes(app, {
      db: app.db,
      guard: app.guard,
      perAccount: app.config.rateLimits.bomsPerAccount,
      customerPartNumbers: options.customerPartNumbers,
      contractPrices: options.contractPrices,
    });
  },
  { name: 'bom-routes', dependencies: ['config', 'database', 'auth-guard', 'rate-limits'] },
);
