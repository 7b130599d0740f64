import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBody,
  idParams,
  seriesBody,
  seriesCancelBody,
  seriesConflictBody,
  seriesDecisionBody,
  seriesListQuery,
  seriesListResponse,
  seriesPreviewResponse,
  seriesResponse,
} from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import { registerReminderStep } from './booking-reminders.service.ts';
import { cancelSeries } from './booking-series-cancel.service.ts';
import { decideSeries } from './booking-series-decision.service.ts';
import { expireStaleSeries } from './booking-series-payments.service.ts';
import { getSeries, listSeries } from './booking-series-wires.service.ts';
import { createSeries, previewSeries } from './booking-series.service.ts';
import { errorsReachingGateway } from '../../lib/route-errors.ts';

const errors = errorsReachingGateway;
const tags = ['bookings'];

/**
 * Recurring series under /booking/series, registered by the bookings routes plugin. Static
 * segments: find-my-way prefers them to the plugin's '/:id' routes whatever the order.
 */
export function registerSeriesRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  // The reminder job also ends series left undecided when their first occurrence starts.
  registerReminderStep(expireStaleSeries);
  const auth = { onRequest: app.requireAuth };

  app.post(
    '/series/preview',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Occurrences of a weekly series, their conflicts and price (pet owner)',
        body: seriesBody,
        response: { 200: seriesPreviewResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await previewSeries(app, currentUser(request), request.body),
    }),
  );

  app.post(
    '/series',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Ask a sitter for a weekly series (pet owner)',
        body: seriesBody,
        response: { 201: seriesResponse, ...errors, 409: seriesConflictBody.or(errorBody) },
      },
    },
    async (request, reply) => {
      const { wire, checkoutUrl } = await createSeries(app, currentUser(request), request.body);
      return reply.status(201).send({
        success: true as const,
        message: checkoutUrl ? 'Series created; pay to send it to the sitter' : 'Series requested',
        data: wire,
        checkoutUrl,
      });
    },
  );

  app.get(
    '/series',
    {
      ...auth,
      schema: {
        tags,
        summary: "The caller's series as owner or as sitter, newest first",
        querystring: seriesListQuery,
        response: { 200: seriesListResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listSeries(app, currentUser(request), request.query)),
    }),
  );

  app.get(
    '/series/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A series with its occurrences (its parties and admins)',
        params: idParams,
        response: { 200: seriesResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Series',
      data: await getSeries(app, currentUser(request), request.params.id),
    }),
  );

  app.put(
    '/series/:id/decision',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The sitter accepts or declines the whole series',
        params: idParams,
        body: seriesDecisionBody,
        response: { 200: seriesResponse, ...errors },
      },
    },
    async (request) => {
      const { wire, message } = await decideSeries(
        app,
        currentUser(request),
        request.params.id,
        request.body.decision,
      );
      return { success: true as const, message, data: wire };
    },
  );

  app.post(
    '/series/:id/cancel',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Either party cancels one occurrence or every one not yet started',
        params: idParams,
        body: seriesCancelBody,
        response: { 200: seriesResponse, ...errors },
      },
    },
    async (request) => {
      const { wire, message } = await cancelSeries(
        app,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return { success: true as const, message, data: wire };
    },
  );
}
