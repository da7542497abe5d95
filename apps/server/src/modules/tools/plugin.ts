import fp from 'fastify-plugin';
import { fleetRoutes } from './fleet-routes.js';
import { toolRoutes } from './routes.js';

export const toolRoutesPlugin = fp(
  async (app) => {
    toolRoutes(app, { db: app.db, guard: app.guard });
    fleetRoutes(app, { db: app.db, guard: app.guard });
  },
  {
    name: 'tool-routes',
    dependencies: ['config', 'database', 'auth-guard'],
  },
);
