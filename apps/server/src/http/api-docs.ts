import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const docsContentSecurityPolicy =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/** The OpenAPI document, generated from the same zod schemas the routes validate with, and its browsable page at /api/docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Electronics Tools Manufacturers — shop API',
        description: 'The HTTP contract of the parts shop (see docs/api.md).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiHooks: {
      // Swagger UI sets a few inline styles; its pages (and only they) may. Scripts stay 'self' only.
      onRequest: async (_request, reply) => {
        reply.header('content-security-policy', docsContentSecurityPolicy);
      },
    },
  });
}
