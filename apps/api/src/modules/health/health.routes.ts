import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthBody, readyBody } from '@pawsy/contract';
import { isDatabaseReachable } from '../../db/index.ts';
import { diagnosticsRoutes } from './diagnostics.routes.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.diagnostics) await app.register(diagnosticsRoutes);

  // A probe's answer is a few bytes and its request has no body: nothing to compress or inflate,
  // so neither of @fastify/compress's hooks runs on these routes. Its callers are load balancers
  // and orchestrators, not pages of another origin: no CORS headers either.
  const small = { compress: false, decompress: false, config: { cors: false } } as const;

  app.get(
    '/healthz',
    { ...small, schema: { hide: true, response: { 200: healthBody } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    { ...small, schema: { hide: true, response: { 200: readyBody, 503: readyBody } } },
    async (_request, reply) => {
      const database = await isDatabaseReachable(app.db);
      // Without Redis the app still serves (rate limits fail open), but this instance cannot
      // share counters or live events, so the load balancer should prefer healthy ones.
      const redis = app.redis ? app.redis.isReady() : undefined;
      const down = [!database && 'The database', redis === false && 'Redis'].filter(Boolean);
      const checks = { database, ...(redis === undefined ? {} : { redis }) };
      if (down.length === 0) return { status: 'ready' as const, ...checks };
      const message = `${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} unreachable`;
      return reply.status(503).send({ status: 'not-ready' as const, ...checks, message });
    },
  );
};
