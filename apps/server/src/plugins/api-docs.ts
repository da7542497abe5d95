import fp from 'fastify-plugin';
import { registerApiDocs } from '../http/api-docs.js';

/** The OpenAPI document and its page at /api/docs; registered before the routes it describes. */
export const apiDocsPlugin = fp(
  async (app) => {
    await registerApiDocs(app);
  },
  { name: 'api-docs' },
);
