import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockBody,
  blockConflictBody,
  blockParams,
  blockRemovedResponse,
  blockResponse,
  calendarResponse,
  calendarUpdateBody,
  calendarUserParams,
  errorBody,
  publicCalendarResponse,
} from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import {
  addOwnBlock,
  getOwnCalendar,
  getPublicCalendar,
  removeOwnBlock,
  updateOwnCalendar,
} from './sitter-calendar.service.ts';

const tags = ['availability'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Sitter calendars (prefix /availability): the caller's own, and any sitter's public view. */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };

  app.get(
    '/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'My calendar: time zone, weekly schedule, capacities, blocked dates (sitters)',
        response: { 200: calendarResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getOwnCalendar(app.db, currentUser(request)),
    }),
  );

  app.put(
    '/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Change my time zone, weekly schedule or capacities (sitters)',
        description:
          'Fields left out keep their value; `schedule: []` means available at all hours. A new ' +
          'time zone keeps the local dates of blocked ranges (409 with `bookings` if they would ' +
          'then cover accepted bookings).',
        body: calendarUpdateBody,
        response: { 200: calendarResponse, ...errors, 409: blockConflictBody },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateOwnCalendar(app.db, currentUser(request), request.body),
    }),
  );

  app.post(
    '/blocks',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Block local dates (both included), e.g. a holiday (sitters)',
        description:
          '409 with the `bookings` (accepted or in progress) that fall on those dates; settle ' +
          'them first.',
        body: blockBody,
        response: { 201: blockResponse, ...errors, 409: blockConflictBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await addOwnBlock(app.db, currentUser(request), request.body),
      }),
  );

  app.delete(
    '/blocks/:blockId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Remove one of my blocked ranges (sitters)',
        params: blockParams,
        response: { 200: blockRemovedResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Blocked dates removed',
      data: await removeOwnBlock(app.db, currentUser(request), request.params.blockId),
    }),
  );

  app.get(
    '/:userId',
    {
      ...auth,
      schema: {
        tags,
        summary: "A sitter's weekly schedule and next free dates (any signed-in user)",
        params: calendarUserParams,
        response: { 200: publicCalendarResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getPublicCalendar(app.db, request.params.userId),
    }),
  );
};
