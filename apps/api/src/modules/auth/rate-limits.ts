import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { OTP_SOURCE_DAILY_TRIES } from './otp.service.ts';

/** The email a request is about, read from the raw body (limits run before validation). */
function bodyEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | null | undefined;
  const email = typeof body === 'object' && body !== null ? body.email : undefined;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

/**
 * Per-route limit keyed by client IP + the email in the body, counted before validation so that
 * malformed tries count too. `max` comes from AUTH_RATE_LIMIT_MAX (tests lower it).
 */
export function ipEmailLimit(name: string, max: number): RateLimitOptions {
  return {
    max,
    timeWindow: '1 minute',
    hook: 'preValidation',
    keyGenerator: (request) => `${name}|${request.ip}|${bodyEmail(request)}`,
  };
}

/** Per-route limit keyed by client IP only (signup: caps account and mail creation). */
export function ipLimit(name: string, max: number): RateLimitOptions {
  return {
    max,
    timeWindow: '1 minute',
    hook: 'preValidation',
    keyGenerator: (request) => `${name}|${request.ip}`,
  };
}

/** Per-route limit keyed by the authenticated user; runs after requireAuth. */
export function userLimit(name: string, max: number): RateLimitOptions {
  return {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler',
    keyGenerator: (request) => `${name}|${currentUser(request).id}`,
  };
}

/**
 * Second line for the credential routes: caps one email across all IPs (rotating or spoofed
 * addresses) and one IP across all emails (credential stuffing), at a multiple of the main limit.
 */
export function createWideLimits(app: FastifyInstance, max: number) {
  const perEmail = app.createRateLimit({
    max: max * 3,
    timeWindow: '1 minute',
    keyGenerator: (request) => `auth-email|${bodyEmail(request)}`,
  });
  const perIp = app.createRateLimit({
    max: max * 10,
    timeWindow: '1 minute',
    keyGenerator: (request) => `auth-ip|${request.ip}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    for (const limiter of [perIp, perEmail]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many attempts, please try again in ${result.ttlInSeconds} seconds`,
        );
      }
    }
  };
}

/**
 * The daily allowance of code tries (verify-otp, reset-password) from one client address for one
 * email: OTP_SOURCE_DAILY_TRIES a day, counted before validation as the other limits are. It
 * answers alike for every address, as the per-minute limit does.
 */
export function createDailyCodeLimit(app: FastifyInstance, name: string) {
  const limiter = app.createRateLimit({
    max: OTP_SOURCE_DAILY_TRIES,
    timeWindow: '24 hours',
    keyGenerator: (request) => `${name}-day|${request.ip}|${bodyEmail(request)}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded)
      throw new AppError(
        'RATE_LIMITED',
        'Too many codes were tried for this address from here today; try again tomorrow',
      );
  };
}
