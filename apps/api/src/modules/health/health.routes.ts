import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthBody, readyBody } from '@pawsy/contract';
import { isDatabaseReachable } from '../../db/index.ts';
import { diagnosticsRoutes } from './diagnostics.routes.ts';

/** How long /readyz reuses the file store's last answer. */
const STORAGE_PROBE_MS = 5000;

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

  // The file store is asked at most once per STORAGE_PROBE_MS, whoever calls: a probe of S3 is a
  // request to it, and /readyz needs no key.
  let lastProbe: { at: number; ok: Promise<boolean> } | null = null;
  const storageReachable = () => {
    const now = Date.now();
    if (!lastProbe || now - lastProbe.at >= STORAGE_PROBE_MS)
      lastProbe = {
        at: now,
        ok: app.storage.probe().then(
          () => true,
          (err: unknown) => {
            app.log.warn({ err }, 'the file store is unreachable');
            return false;
          },
        ),
      };
    return lastProbe.ok;
  };

  app.get(
    '/readyz',
    { ...small, schema: { hide: true, response: { 200: readyBody, 503: readyBody } } },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([
        isDatabaseReachable(app.db),
        storageReachable(),
      ]);
      // Without Redis the app still serves (rate limits fail open), but this instance cannot
      // share counters or live events, so the load balancer should prefer healthy ones.
      const redis = app.redis ? app.redis.isReady() : undefined;
      const down = [
        !database && 'The database',
        redis === false && 'Redis',
        !storage && 'The file store',
      ].filter(Boolean);
      const checks = { database, ...(redis === undefined ? {} : { redis }), storage };
      if (down.length === 0) return { status: 'ready' as const, ...checks };
      const message = `${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} unreachable`;
      return reply.status(503).send({ status: 'not-ready' as const, ...checks, message });
    },
  );
};
