import fp from 'fastify-plugin';
import { registerSecurityHeaders } from '../http/security-headers.js';

/** The security headers and request id on every answer, errors included (http/security-headers.ts). */
export const securityHeadersPlugin = fp(
  async (app) => {
    registerSecurityHeaders(app);
  },
  { name: 'security-headers' },
);
