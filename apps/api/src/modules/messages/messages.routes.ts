import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingMessagesQuery,
  conversationsQuery,
  conversationsResponse,
  errorBody,
  idParams,
  messageBookingParams,
  messageResponse,
  sendMessageBody,
  threadQuery,
  threadResponse,
} from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import {
  getBookingMessages,
  getMessage,
  getThread,
  listConversations,
  sendMessage,
} from './messages.service.ts';

/** A person types at most about one message a second; a script gets a 429 past this. */
export const MESSAGE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['messages'];

/** Booking chat (prefix /messages): SPEC §7's five calls. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };

  app.post(
    '/',
    {
      ...auth,
      config: {
        rateLimit: {
          ...MESSAGE_RATE_LIMIT,
          // After requireAuth, keyed by the sender: shared IPs do not share an allowance.
          hook: 'preHandler',
          keyGenerator: (request) => `messages|${currentUser(request).id}`,
        },
      },
      schema: {
        tags,
        summary: 'Send a message on a booking (the sender is the caller)',
        body: sendMessageBody,
        response: { 201: messageResponse, ...errors, 429: errorBody },
      },
    },
    async (request, reply) => {
      const data = await sendMessage(app, currentUser(request), request.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/conversations',
    {
      ...auth,
      schema: {
        tags,
        summary: "The caller's conversations with last message and unread count",
        querystring: conversationsQuery,
        response: { 200: conversationsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listConversations(app, currentUser(request), request.query)),
    }),
  );

  app.get(
    '/thread',
    {
      ...auth,
      schema: {
        tags,
        summary: "A booking's thread, newest first; marks the caller's incoming messages read",
        querystring: threadQuery,
        response: { 200: threadResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await getThread(app, currentUser(request), request.query)),
    }),
  );

  app.get(
    '/booking/:bookingId',
    {
      ...auth,
      schema: {
        tags,
        summary: "A booking's messages, newest first (admins: only when disputed)",
        params: messageBookingParams,
        querystring: bookingMessagesQuery,
        response: { 200: threadResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await getBookingMessages(
        app,
        currentUser(request),
        request.params.bookingId,
        request.query,
      )),
    }),
  );

  app.get(
    '/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'One message (its sender, its recipient, or an admin on a disputed booking)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getMessage(app, currentUser(request), request.params.id),
    }),
  );
};
