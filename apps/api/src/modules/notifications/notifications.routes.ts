import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBody,
  idParams,
  markAllReadResponse,
  markReadResponse,
  notificationListQuery,
  notificationListResponse,
} from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import { listUnread, markAllRead, markRead } from './notifications.service.ts';
import { registerNotificationStream } from './notifications.stream.ts';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        querystring: notificationListQuery,
        response: { 200: notificationListResponse, 400: errorBody },
      },
    },
    async (request) => listUnread(app, currentUser(request).id, request.query),
  );

  app.post(
    '/mark-all-read',
    { onRequest: app.requireAuth, schema: { tags, response: { 200: markAllReadResponse } } },
    async (request) => {
      const updated = await markAllRead(app, currentUser(request).id);
      return {
        success: true as const,
        message: 'All notifications marked as read',
        updated,
        data: { updated },
      };
    },
  );

  app.post(
    '/:id/read',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Mark one of your notifications read',
        params: idParams,
        response: { 200: markReadResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Notification marked as read',
      data: await markRead(app, currentUser(request).id, request.params.id),
    }),
  );

  registerNotificationStream(app);
};
