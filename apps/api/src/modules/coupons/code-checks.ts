import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth.ts';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** One limiter per app (keyed by its rate-limit plugin), so every route spends one budget. */
const limiters = new WeakMap<FastifyInstance['createRateLimit'], Limiter>();

/**
 * A preHandler (after requireAuth) that spends one of the member's coupon-code checks: one budget
 * a minute per member (AUTH_RATE_LIMIT_MAX, default 10), shared by every route that tells whether
 * a code works (GET /api/coupons/quote, POST /api/stripe/quote and create-subscription with a
 * code). Their answers differ for unknown, paused, expired, used-up and not-yet-valid codes,
 * which members need; the budget keeps them from being a way to guess unpublished codes. Counted
 * in the rate-limit store (Redis with REDIS_URL), so every instance spends the same budget.
 * `checksCode` says whether the request names a code at all (a price quote without one is free).
 */
export function couponCheckLimit(
  app: FastifyInstance,
  checksCode: (request: FastifyRequest) => boolean = () => true,
) {
  let limiter = limiters.get(app.createRateLimit);
  if (!limiter) {
    limiter = app.createRateLimit({
      max: app.config.authRateLimitMax,
      timeWindow: '1 minute',
      keyGenerator: (request) => `coupon-check|${currentUser(request).id}`,
    });
    limiters.set(app.createRateLimit, limiter);
  }
  const spend = limiter;
  return async (request: FastifyRequest): Promise<void> => {
    if (!checksCode(request)) return;
    const result = await spend(request);
    if (!result.isAllowed && result.isExceeded)
      throw new AppError(
        'RATE_LIMITED',
        `Too many coupon codes tried, please try again in ${result.ttlInSeconds} seconds`,
      );
  };
}
