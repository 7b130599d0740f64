import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

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
    allowList: (request) => !request.url.startsWith('/api/') || request.url.startsWith('/api/docs'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, please try again in ${context.after}`,
      code: 'RATE_LIMITED',
    }),
  });
}
