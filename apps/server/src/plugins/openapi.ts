import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the same zod schemas the routes validate with. */
export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Keystead API',
        description: 'Every reply is { code, message, data }; code is "OK" or an error catalogue code.',
        version: '0.1.0',
      },
      servers: [],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
