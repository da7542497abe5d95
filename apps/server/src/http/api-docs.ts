import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

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

/**
 * A route's `config.swaggerTransform` when its handler reads the body itself (a multipart form,
 * JSON checked with its own messages), so that the route declares no body for Fastify to check:
 * the document still shows a body, one schema a content type it takes.
 */
export function documentedBodies(bodies: Record<string, z.ZodType>): SwaggerTransform {
  return (document) => {
    const content: Record<string, { schema: unknown }> = {};
    for (const [contentType, body] of Object.entries(bodies)) {
      const { schema } = jsonSchemaTransform({ ...document, schema: { body } });
      content[contentType] = { schema: (schema as { body: unknown }).body };
    }
    const { schema, url } = jsonSchemaTransform(document);
    return { url, schema: { ...schema, body: { content } } };
  };
}
