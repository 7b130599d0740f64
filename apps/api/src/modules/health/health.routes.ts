import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthBody, readyBody } from '@pawsy/contract';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: healthBody } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: readyBody, 503: readyBody } } },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ready' as const, database: true };
      } catch {
        return reply.status(503).send({ status: 'not-ready' as const, database: false });
      }
    },
  );
};
