import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closeAccountBody, closeAccountResponse, errorBody } from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import { userLimit } from '../auth/index.ts';
import { ACCOUNT_MESSAGES, closeAccount } from './accounts.service.ts';

/** The member's own account as a whole (mounted at /api/user beside the users area's routes). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/account',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: userLimit('close-account', app.config.authRateLimitMax) },
      schema: {
        tags: ['users'],
        summary: 'Close my account',
        description:
          'Asks for the password again. Refused (409, naming them) while the account has ' +
          'bookings asked for, accepted or under way, weekly series or applications waiting, ' +
          'or open disputes; refused for admins (403). The account is anonymised, not deleted: ' +
          'its bookings, reviews and messages stay and show "Former member"; every session ends.',
        body: closeAccountBody,
        response: {
          200: closeAccountResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      await closeAccount(app, currentUser(request), request.body.password);
      return {
        success: true as const,
        message: ACCOUNT_MESSAGES.closed,
        data: { sessionsEnded: 'all' as const },
      };
    },
  );
};
