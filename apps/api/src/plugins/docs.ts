import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Pawsy API',
        version: '0.1.0',
        description:
          'Pet-care marketplace API. Every /api call needs the `secret-key` header; authenticated calls add `x-auth-token`.',
      },
      components: {
        securitySchemes: {
          secretKey: { type: 'apiKey', in: 'header', name: 'secret-key' },
          authToken: { type: 'apiKey', in: 'header', name: 'x-auth-token' },
        },
      },
      security: [{ secretKey: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
