import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactBody,
  contactListQuery,
  contactListResponse,
  contactMessageResponse,
  contactResponse,
  errorBody,
  idParams,
} from '@pawsy/contract';
import {
  CONTACT_SENT_MESSAGE,
  getContactMessage,
  listContactMessages,
  submitContactMessage,
} from './contact.service.ts';

/** Each message mails every admin, so one client IP may send only a few an hour. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '1 hour' } as const;

const tags = ['contact'];
const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * POST /api/contact: public (secret key only, no session), rate-limited per client IP.
 * GET /api/contact and /api/contact/{id}: the admins' inbox of those messages.
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: {
        rateLimit: {
          ...CONTACT_RATE_LIMIT,
          // Counted before validation, so malformed tries use up the allowance too.
          hook: 'preValidation',
          keyGenerator: (request) => `contact|${request.ip}`,
        },
      },
      schema: {
        tags,
        body: contactBody,
        response: { 201: contactResponse, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const data = await submitContactMessage(app, request.body);
      return reply
        .status(201)
        .send({ success: true as const, message: CONTACT_SENT_MESSAGE, data });
    },
  );

  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admins: contact messages, newest first',
        querystring: contactListQuery,
        response: { 200: contactListResponse, ...adminErrors },
      },
    },
    async (request) => listContactMessages(app, request.query),
  );

  app.get(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admins: one contact message',
        params: idParams,
        response: { 200: contactMessageResponse, ...adminErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getContactMessage(app, request.params.id),
    }),
  );
};
