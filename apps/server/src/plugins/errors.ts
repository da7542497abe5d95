import fp from 'fastify-plugin';
import { registerErrorHandler } from '../http/error-handler.js';

/**
 * How a failed request is answered (http/error-handler.ts). Errors before routing (framework
 * errors) and on the socket (client errors) are Fastify's options, given where the app is made.
 */
export const errorsPlugin = fp(
  async (app) => {
    registerErrorHandler(app);
  },
  { name: 'errors' },
);
