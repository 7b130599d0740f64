import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { isApiRequest, matchedRoute } from '../lib/request-target.ts';

/**
 * Global per-IP limit; routes tighten it with `config.rateLimit`. Counters live in Redis when
 * REDIS_URL is set so that every API instance shares them.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  max: number,
  redis: Redis | null,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'pawsy-rl:' } : {}),
    // Redis down is not an outage: count nothing and let the request through (fail open);
    // lib/redis.ts logs the outage once. Route limits and createRateLimit inherit this.
    skipOnError: true,
    // Decided on the matched route, never the raw URL: `http://host/api/…` or `/%61pi/…` count.
    allowList: (request) =>
      !isApiRequest(request) || (matchedRoute(request)?.startsWith('/api/docs') ?? false),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, please try again in ${context.after}`,
      code: 'RATE_LIMITED',
    }),
  });
}
