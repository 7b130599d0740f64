import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';

/**
 * Every API area, mounted under /api. Each area adds one line here; its routes file declares
 * the exact paths of SPEC §7 relative to the prefix.
 */
export const apiModules: { prefix: string; routes: FastifyPluginAsync }[] = [
  { prefix: '/auth', routes: authRoutes },
];
