import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, webhookResponse } from '@pawsy/contract';
import { applyStripeEvent, verifyStripeEvent } from './stripe-events.service.ts';

/**
 * POST /api/stripe/webhook. Its own plugin so that only here JSON arrives as the raw bytes: the
 * signature is over exactly what Stripe sent, and parsing first would lose that.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/webhook',
    {
      // Stripe cannot send our secret key; the signature proves the caller instead.
      config: { skipSecretKey: true },
      schema: {
        tags: ['subscriptions'],
        headers: z.looseObject({ 'stripe-signature': z.string().max(2000).optional() }),
        response: { 200: webhookResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = verifyStripeEvent(app, raw, request.headers['stripe-signature']);
      // A repeat changes nothing and still answers 2xx: Stripe re-sends an event whose 2xx it
      // did not get (a timeout after our commit) until it gets one, so a refusal here would keep
      // it retrying for days and mark the endpoint failing.
      const applied = await applyStripeEvent(app, event);
      return applied
        ? { received: true as const }
        : { received: true as const, duplicate: true as const };
    },
  );
};
