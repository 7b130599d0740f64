import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBody,
  grantCreditsBody,
  grantCreditsResponse,
  userCreditsParams,
  userCreditsResponse,
} from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import { getUserCredits, grantCredits } from './credits.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Credits ledger (prefix /userCredit): admin grants, balance and entries for self or admin. */
export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user-credits',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['credits'],
        summary:
          'Grant credits to a pet owner (admin; a sitter or admin gets 400: they do not book)',
        body: grantCreditsBody,
        response: { 201: grantCreditsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await grantCredits(app, request.body, currentUser(request).id);
      return reply.status(201).send({ success: true as const, message: 'Credits granted', data });
    },
  );

  app.get(
    '/user-credits/:userId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['credits'],
        summary: "A user's credit balance and latest ledger entries (self or admin)",
        params: userCreditsParams,
        response: { 200: userCreditsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getUserCredits(app, currentUser(request), request.params.userId),
    }),
  );
};
