import { ErrorBody } from '@shop/contract/errors';
import { Acknowledged, Inserted } from '@shop/contract/primitives';
import {
  FittingQuery,
  FittingTools,
  MAX_DIAGRAM_HOTSPOTS,
  MAX_FITTING_TOOLS,
  MAX_TOOL_DIAGRAMS,
  MAX_TOOL_PARTS,
  MAX_TOOLS_PAGE,
  Tool,
  ToolBody,
  ToolIdParams,
  ToolList,
  ToolsQuery,
} from '@shop/contract/tools';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { type AuthGuard, callerOf } from '../../http/auth-guard.js';
import { fittingTools } from './catalog-links.js';
import { createTool, deleteTool, getTool, replaceTool, toolPage } from './service.js';

const security = [{ bearer: [] }];
const writeErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 415: ErrorBody, 422: ErrorBody };
const rules = `A name of 1–120 characters, a model number of 1–60, a picture (as a part's \`img\`), 0–${MAX_TOOL_DIAGRAMS} diagrams (a title, a picture, 0–${MAX_DIAGRAM_HOTSPOTS} hotspots each: \`label\` the position drawn, \`partsId\`, \`x\` and \`y\` from 0 to 1 of the picture from its left and top edges) and a parts list of 0–${MAX_TOOL_PARTS} lines, kept and answered in the order sent (\`partsId\`, \`position\` of 1–20 characters, \`quantityPerTool\` 1–10,000, \`wear\`: a part that wears out, default false). A part is listed once at a position; a hotspot's part must be on the parts list (else 400). A part not in the catalog → 422 unknown_part, \`error.details\` naming each ({line: its place in \`parts\` from 0, partsId}). Written with its audit entry in one transaction.`;

/** The manufacturer's tool models: read by anyone, written by admins. */
export function toolRoutes(app: FastifyInstance, deps: { db: Database; guard: AuthGuard }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, guard } = deps;

  api.get(
    '/api/tools',
    {
      schema: {
        tags: ['tools'],
        summary: `A page of the tool models by name, each with its diagrams and parts list (at most ${MAX_TOOLS_PAGE} a page); \`q\` keeps the models starting with it, case, spaces, '-', '/' and '.' ignored; x-total-count carries the total`,
        querystring: ToolsQuery,
        response: { 200: ToolList, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const page = await toolPage(db, request.query);
      reply.header('x-total-count', String(page.total));
      return page.tools;
    },
  );

  api.get(
    '/api/tools/fitting',
    {
      schema: {
        tags: ['tools'],
        summary: `The tool models a part fits, with its position in each, by tool name (at most ${MAX_FITTING_TOOLS}; none for a part no tool lists)`,
        querystring: FittingQuery,
        response: { 200: FittingTools, 400: ErrorBody },
      },
    },
    async (request) => fittingTools(db, request.query.partId),
  );

  api.get(
    '/api/tools/:id',
    {
      schema: {
        tags: ['tools'],
        summary:
          'A tool model with its diagrams (hotspots with their parts) and parts list, each part as the catalog has it now',
        params: ToolIdParams,
        response: { 200: Tool, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getTool(db, request.params.id),
  );

  api.post(
    '/api/tools',
    {
      onRequest: guard.admin,
      schema: {
        tags: ['tools'],
        summary: 'Add a tool model with its diagrams, hotspots and parts list (admins)',
        description: rules,
        security,
        body: ToolBody,
        response: { 201: Inserted, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ insertedId: await createTool(db, callerOf(request), request.body) }),
  );

  api.put(
    '/api/tools/:id',
    {
      onRequest: guard.admin,
      schema: {
        tags: ['tools'],
        summary: "Replace a tool model's fields, diagrams and parts list (admins)",
        description: rules,
        security,
        params: ToolIdParams,
        body: ToolBody,
        response: { 200: Acknowledged, 404: ErrorBody, ...writeErrors },
      },
    },
    async (request) => {
      await replaceTool(db, callerOf(request), request.params.id, request.body);
      return { acknowledged: true as const };
    },
  );

  api.delete(
    '/api/tools/:id',
    {
      onRequest: guard.admin,
      schema: {
        tags: ['tools'],
        summary:
          'Take a tool model out of the catalog (admins); fleets keep their entries of it, without its parts',
        security,
        params: ToolIdParams,
        response: { 200: Acknowledged, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      await deleteTool(db, callerOf(request), request.params.id);
      return { acknowledged: true as const };
    },
  );
}
