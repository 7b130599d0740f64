import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  nearbyQuery,
  nearbyResponse,
  publicUserResponse,
  userIdParams,
  userReviewsQuery,
  userReviewsResponse,
} from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import { sendSerialized } from '../../lib/response-serializer.ts';
import { nearbyProvidersJson } from './nearby.service.ts';
import { getPublicProfile, listReviewsOfUser } from './sitters.service.ts';

const tags = ['users'];

/**
 * Finding sitters (prefix /user, shared with the users and dashboard modules): the nearby
 * search, a public card and the reviews it shows. Static paths (/nearby) win over /:id.
 */
export const sittersRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };

  app.get(
    '/nearby',
    { ...auth, schema: { tags, querystring: nearbyQuery, response: { 200: nearbyResponse } } },
    // The kept answer goes out as the JSON this route's serialiser made of it once.
    async (request, reply) => {
      const json = await nearbyProvidersJson(
        app,
        currentUser(request).id,
        request.query,
        (r) => reply.serialize(r) as string,
      );
      return sendSerialized(reply, json);
    },
  );

  app.get(
    '/:id/reviews',
    {
      ...auth,
      schema: {
        tags,
        summary:
          "A user's reviews visible under the double-blind rule, newest first (to those who may read the user's card)",
        params: userIdParams,
        querystring: userReviewsQuery,
        response: { 200: userReviewsResponse },
      },
    },
    async (request) =>
      listReviewsOfUser(app, currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/:id',
    {
      ...auth,
      schema: {
        tags,
        summary:
          "A user's public card: a sitter's to anyone signed in; an owner's to themselves, admins and the sitters they met through a booking; an admin's to admins (404 otherwise)",
        params: userIdParams,
        response: { 200: publicUserResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getPublicProfile(app, currentUser(request), request.params.id),
    }),
  );
};
