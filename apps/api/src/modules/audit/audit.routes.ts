import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListResponse, catalogueAuditQuery, errorBody } from '@pawsy/contract';
import { listCatalogueChanges } from './audit.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * The history of what no member owns (prefix /admin/audit, admins only): who changed which
 * coupon or package, when, before and after. A member's history is on their page
 * (GET /api/admin/members/{id}/audit).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Changes to coupons or packages, newest first (admins)',
        querystring: catalogueAuditQuery,
        response: { 200: auditListResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listCatalogueChanges(
        app,
        request.query.targetType,
        request.query.page,
        request.query.limit,
      )),
    }),
  );
};
