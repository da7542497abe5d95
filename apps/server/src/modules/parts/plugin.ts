import fp from 'fastify-plugin';
import { partImportRoutes } from './import-routes.js';
import { partRoutes } from './routes.js';
import type { ToolParts } from './search.js';

/** Until tool models come: no model names parts, and no tool exists. */
export const noTools: ToolParts = { byModel: async () => [], ofTool: async () => undefined };

/** The catalog: its public reads, kept until it changes, and the admin's edits and CSV import. */
export const partRoutesPlugin = fp(
  async (app) => {
    const { db, guard } = app;
    partRoutes(app, { db, guard, tools: noTools });
    await partImportRoutes(app, { db, guard });
  },
  { name: 'part-routes', dependencies: ['database', 'auth-guard'] },
);
