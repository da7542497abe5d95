import fp from 'fastify-plugin';
import type { BuyerContractPrices } from './buyer-prices.js';
import { partImportRoutes } from './import-routes.js';
import { partRoutes } from './routes.js';
import type { BuyerPartNumbers, ToolParts } from './search.js';
import type { StockArrived } from './service.js';

/** The catalog: its public reads and search, and the admin's edits and CSV import. */
export const partRoutesPlugin = fp<{
  tools: ToolParts;
  buyerNumbers: BuyerPartNumbers;
  contractPrices?: BuyerContractPrices;
  stockArrived: StockArrived;
}>(
  async (app, { tools, buyerNumbers, contractPrices, stockArrived }) => {
    const { db, guard } = app;
    partRoutes(app, { db, guard, tools, buyerNumbers, contractPrices, stockArrived });
    await partImportRoutes(app, { db, guard });
  },
  { name: 'part-routes', dependencies: ['database', 'auth-guard'] },
);
