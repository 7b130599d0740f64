import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutResponse,
  createSubscriptionBody,
  errorBody,
  SUBSCRIPTION_MISSING_TOKEN,
  subscriptionQuoteBody,
  subscriptionQuoteResponse,
} from '@pawsy/contract';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { couponCheckLimit } from '../coupons/index.ts';
import { registerCouponHolds } from './billing.service.ts';
import { createSubscription, quoteSubscription } from './subscriptions.service.ts';

const tags = ['subscriptions'];
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
  502: errorBody,
};
const namesCoupon = (request: FastifyRequest) =>
  Boolean((request.body as { couponCode?: string | null } | undefined)?.couponCode);

/** POST /api/stripe/create-subscription and the price quote the subscribe screen shows first. */
export const stripeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCouponHolds();
  const couponChecks = couponCheckLimit(app, namesCoupon);
  app.post(
    '/create-subscription',
    {
      onRequest: app.requireAuth,
      preHandler: couponChecks,
      // Each call opens a checkout with the gateway: a few a minute is plenty for a person.
      config: {
        missingTokenMessage: SUBSCRIPTION_MISSING_TOKEN,
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `create-subscription|${currentUser(request).id}`,
        },
      },
      schema: {
        tags,
        body: createSubscriptionBody,
        response: { 200: checkoutResponse, ...errors },
      },
    },
    // 200, not 201: the answer is where to pay, not a resource of its own.
    async (request) => {
      const data = await createSubscription(app, currentUser(request), request.body);
      return { success: true as const, data, url: data.url };
    },
  );

  app.post(
    '/quote',
    {
      onRequest: app.requireAuth,
      preHandler: couponChecks,
      schema: {
        tags,
        body: subscriptionQuoteBody,
        response: { 200: subscriptionQuoteResponse, ...errors },
      },
    },
    async (request) => {
      const {
        pkg: _pkg,
        couponId: _couponId,
        ...quote
      } = await quoteSubscription(app, currentUser(request), request.body);
      return { success: true as const, data: quote };
    },
  );
};
