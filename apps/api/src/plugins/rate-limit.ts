import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { isApiRequest, matchedRoute } from '../lib/request-target.ts';

/**
 * Per-IP limit on every API request, plus the tighter limits routes declare in
 * `config.rateLimit`. Counters live in Redis when REDIS_URL is set so that every API instance
 * shares them.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  max: number,
  redis: Redis | null,
): Promise<void> {
  await app.register(rateLimit, {
    // Route limits only; the per-IP limit is the app-level hook below.
    global: false,
    max,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'pawsy-rl:' } : {}),
    // Redis down is not an outage: count nothing and let the request through (fail open);
    // lib/redis.ts logs the outage once. Route limits and createRateLimit inherit this.
    skipOnError: true,
    // Decided on the matched route, never the raw URL: `http://host/api/…` or `/%61pi/…` count.
    // The docs UI's static files are free; the document itself (416 KB, compressed per fetch)
    // counts like any API call.
    allowList: (request) =>
      !isApiRequest(request) || (matchedRoute(request)?.startsWith('/api/docs/static/') ?? false),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, please try again in ${context.after}`,
      code: 'RATE_LIMITED',
    }),
  });

  // An app-level hook, registered before the secret-key and auth checks, so that requests those
  // checks turn away count too (the plugin's own global mode hooks in after a route's hooks).
  // Requests the allow-list lets through (the web app's files, the probes) return at once,
  // without the limiter's promise.
  const perIp = app.createRateLimit();
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiRequest(request)) return done();
    perIp(request).then((result) => {
      if (result.isAllowed || !result.isExceeded) return done();
      void reply
        .status(429)
        .header('retry-after', String(result.ttlInSeconds))
        .send({
          message: `Too many requests, please try again in ${result.ttlInSeconds} seconds`,
          code: 'RATE_LIMITED',
        });
    }, done);
  });
}
