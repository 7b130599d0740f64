import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  nearbyQuery,
  nearbyResponse,
  profileResponse,
  profileUpdateResponse,
  publicUserResponse,
  userDashboardResponse,
  userFlagsBody,
  userIdParams,
  userReviewsQuery,
  userReviewsResponse,
} from '@pawsy/contract';
import { badRequest } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { listSubjectReviews } from '../reviews/subject-reviews.ts';
import { getUserDashboard } from './dashboard.service.ts';
import { photoCacheHeaders } from '../../lib/images.ts';
import { listNearbyProviders } from './nearby.service.ts';
import {
  getOwnProfile,
  getPublicProfile,
  sendUserImage,
  setUserFlags,
  updateOwnProfile,
} from './users.service.ts';

/** The spec's profile client reads `error` as well as `message` on a failed update. */
async function addErrorField(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (typeof body.message === 'string' && body.error === undefined) {
      return JSON.stringify({ ...body, error: body.message });
    }
  } catch {
    // not JSON: leave it
  }
  return payload;
}

const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };

  app.get(
    '/nearby',
    { ...auth, schema: { tags, querystring: nearbyQuery, response: { 200: nearbyResponse } } },
    async (request) => listNearbyProviders(app, currentUser(request).id, request.query),
  );

  app.get(
    '/user-profile',
    { ...auth, schema: { tags, response: { 200: profileResponse } } },
    async (request) => {
      const user = await getOwnProfile(app, currentUser(request));
      return { success: true as const, data: user, user };
    },
  );

  app.put(
    '/update-profile',
    {
      ...auth,
      onSend: addErrorField,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: profileUpdateResponse },
      },
    },
    async (request) => {
      const user = await updateOwnProfile(app, request, currentUser(request));
      return { success: true as const, message: 'Profile updated successfully', data: user };
    },
  );

  app.get(
    '/dashboard/:id',
    { ...auth, schema: { tags, params: userIdParams, response: { 200: userDashboardResponse } } },
    async (request) => ({
      success: true as const,
      data: await getUserDashboard(app, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/:id/image',
    {
      ...auth,
      onSend: photoCacheHeaders,
      schema: {
        tags,
        params: userIdParams,
        querystring: z.object({ size: z.enum(['full', 'thumb']).catch('full').default('full') }),
      },
    },
    async (request, reply) =>
      sendUserImage(app, request, reply, request.params.id, request.query.size),
  );

  app.get(
    '/:id/reviews',
    {
      ...auth,
      schema: {
        tags,
        summary: "A user's reviews visible under the double-blind rule, newest first",
        params: userIdParams,
        querystring: userReviewsQuery,
        response: { 200: userReviewsResponse },
      },
    },
    async (request) => listSubjectReviews(app, request.params.id, request.query),
  );

  app.get(
    '/:id',
    { ...auth, schema: { tags, params: userIdParams, response: { 200: publicUserResponse } } },
    async (request) => ({
      success: true as const,
      data: await getPublicProfile(app, request.params.id),
    }),
  );

  app.put('/', { onRequest: app.requireAdmin, schema: { tags, hide: true } }, async () => {
    throw badRequest('User id is required');
  });

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        params: userIdParams,
        body: userFlagsBody,
        response: { 200: profileUpdateResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'User updated successfully',
      data: await setUserFlags(app, request.params.id, request.body),
    }),
  );
};
