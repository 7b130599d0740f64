import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardResponse } from '@pawsy/contract';
import { getAdminDashboard } from './admin.service.ts';

/** SPEC §7 Admin (prefix /admin-dashboard): the dashboard's counts and trends, admins only. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Admin dashboard: counts and trends',
        description:
          'Users by role and new users per week (12 weeks), bookings by status and per day ' +
          '(30 days), KYC pending, disputes open, revenue, active subscriptions, credits granted.',
        response: { 200: adminDashboardResponse },
      },
    },
    async () => ({ success: true as const, data: await getAdminDashboard(app) }),
  );
};
