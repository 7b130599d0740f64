import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import '../lib/documented-body.ts';
import { documentedUrl, finishDocument, withStandardAnswers } from './openapi-shape.ts';

/**
 * Swagger UI's request interceptor: its own fetch of the document, and its "Try it out" calls,
 * carry the `secret-key` header every /api call needs (DESIGN §4). The UI's page and files are
 * served without it, like the SPA's, and hold the same value the SPA's page does (its meta tag).
 * swagger-ui serialises the function into the page's script, so it is built with the value in it.
 */
type Interceptor = NonNullable<FastifySwaggerUiOptions['uiConfig']>['requestInterceptor'];
function withSecretKey(secretKey: string): Interceptor {
  return new Function(
    'request',
    `request.headers['secret-key'] = ${JSON.stringify(secretKey)}; return request;`,
  ) as Interceptor;
}

/**
 * OpenAPI 3 generated from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json.
 * openapi-shape.ts adds what every route shares (error answers, security, operationId, summary,
 * tags); `npm run lint:openapi` holds the result to Redocly's recommended rules.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Pawsy API',
        version: '0.1.0',
        description:
          'Pet-care marketplace API. Every /api call needs the `secret-key` header; authenticated calls add `x-auth-token`.',
        // Use of the API is governed by the product's terms of use; questions go to its contact page.
        license: { name: 'Pawsy terms of use', url: '/terms-of-use' },
        contact: { name: 'Pawsy', url: '/contact-us' },
      },
      servers: [{ url: '/', description: 'The host that serves this document' }],
      components: {
        securitySchemes: {
          secretKey: { type: 'apiKey', in: 'header', name: 'secret-key' },
          authToken: { type: 'apiKey', in: 'header', name: 'x-auth-token' },
        },
      },
      security: [{ secretKey: [] }],
    },
    transform: (input) => {
      // A route that reads its own body (forms) names it for the document (lib/documented-body.ts).
      const body = input.route.config?.documentedBody;
      const schema = body && input.schema ? { ...input.schema, body } : input.schema;
      return jsonSchemaTransform({
        ...input,
        url: documentedUrl(input.url),
        schema: withStandardAnswers(schema, input.route, app) ?? schema,
      });
    },
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { requestInterceptor: withSecretKey(app.config.secretKey) },
  });
}
