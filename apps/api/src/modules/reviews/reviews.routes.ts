import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createReviewBody,
  createReviewResponse,
  errorBody,
  reviewKeyParams,
} from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createReview } from './reviews.service.ts';

/** Reviews (prefix /crud): SPEC's generic-looking path, `key` being the booking id. */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:key/Review/create',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['reviews'],
        summary: 'Review the other party of a completed booking (once each, double-blind)',
        params: reviewKeyParams,
        body: createReviewBody,
        response: {
          201: createReviewResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const data = await createReview(
        app,
        currentUser(request),
        request.params.key,
        request.body.columns,
      );
      return reply.status(201).send({ success: true as const, message: 'Review added', data });
    },
  );
};
