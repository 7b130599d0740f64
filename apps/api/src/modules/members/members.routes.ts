import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditListQuery,
  auditListResponse,
  errorBody,
  idParams,
  memberDetailResponse,
  memberListQuery,
  memberListResponse,
} from '@pawsy/contract';
import { getMember, getMemberAudit, listMembers } from './members.service.ts';

const tags = ['admin'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The admin's member list and member page (prefix /admin/members, admins only). */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: app.requireAdmin };

  app.get(
    '/',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Members: search by name or email, filter by role and flags (admins)',
        querystring: memberListQuery,
        response: { 200: memberListResponse, ...errors },
      },
    },
    async (request) => listMembers(app, request.query),
  );

  app.get(
    '/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'One member: profile, bookings, KYC, credits and audit log (admins)',
        params: idParams,
        response: { 200: memberDetailResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await getMember(app, request.params.id) }),
  );

  app.get(
    '/:id/audit',
    {
      ...admin,
      schema: {
        tags,
        summary: "A member's audit log, newest first (admins)",
        params: idParams,
        querystring: auditListQuery,
        response: { 200: auditListResponse, ...errors },
      },
    },
    async (request) =>
      getMemberAudit(app, request.params.id, request.query.page, request.query.limit),
  );
};
