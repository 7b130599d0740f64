import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userDashboardResponse, userIdParams } from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import { getUserDashboard } from './dashboard.service.ts';

/** The user dashboard (prefix /user, shared with the users and sitters modules). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['users'],
        params: userIdParams,
        response: { 200: userDashboardResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getUserDashboard(app, currentUser(request), request.params.id),
    }),
  );
};
