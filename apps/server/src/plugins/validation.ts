import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/** Requests checked and answers written by the routes' zod schemas; JSON the only body read. */
export const validationPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // JSON is the only body the API reads (multipart is added where pictures are uploaded).
    app.removeContentTypeParser(['text/plain']);
  },
  { name: 'validation' },
);
