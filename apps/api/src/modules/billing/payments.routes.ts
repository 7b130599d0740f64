import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParams,
  mySubscriptionResponse,
  paymentResponse,
  sandboxForm,
  sandboxParams,
  sandboxQuery,
} from '@pawsy/contract';
import { currentUser } from '../../plugins/auth.ts';
import { getPayment } from './billing.service.ts';
import { SANDBOX_PAGE_CSP } from './sandbox-page.ts';
import {
  confirmSandbox,
  expireSandboxCheckouts,
  renderSandboxCheckout,
} from './sandbox.service.ts';
import {
  cancelAtPeriodEnd,
  expireEndedSubscriptions,
  getMySubscription,
} from './subscriptions.service.ts';
import { errorsReachingGateway } from '../../lib/route-errors.ts';

const tags = ['subscriptions'];
const errors = errorsReachingGateway;
const SWEEP_MS = 10 * 60_000;

/** The member's subscription, one payment, and the local sandbox's checkout page. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The sandbox page posts plain HTML forms (no script); only this plugin parses them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/subscription',
    {
      onRequest: app.requireAuth,
      schema: { tags, response: { 200: mySubscriptionResponse, ...errors } },
    },
    (request) => getMySubscription(app, currentUser(request)),
  );

  app.post(
    '/subscription/cancel',
    {
      onRequest: app.requireAuth,
      schema: { tags, response: { 200: mySubscriptionResponse, ...errors } },
    },
    (request) => cancelAtPeriodEnd(app, currentUser(request)),
  );

  app.get(
    '/:id',
    {
      onRequest: app.requireAuth,
      schema: { tags, params: idParams, response: { 200: paymentResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await getPayment(app, currentUser(request), request.params.id),
    }),
  );

  // A browser navigates here from the checkout url: no secret key header, the token proves it.
  app.get(
    '/sandbox/:paymentId',
    {
      config: { skipSecretKey: true },
      schema: {
        tags,
        params: sandboxParams,
        querystring: sandboxQuery,
        response: { 200: z.string().describe('The checkout page (HTML)'), ...errors },
      },
    },
    async (request, reply) => {
      const html = await renderSandboxCheckout(app, {
        ...request.query,
        paymentId: request.params.paymentId,
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', SANDBOX_PAGE_CSP)
        .send(html);
    },
  );

  for (const outcome of ['pay', 'cancel'] as const) {
    app.post(
      `/sandbox/:paymentId/${outcome}`,
      {
        config: { skipSecretKey: true },
        schema: {
          tags,
          // The checkout page's own form posts here (JSON is read as well).
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          params: sandboxParams,
          body: sandboxForm,
          response: {
            303: z
              .string()
              .describe("To the app's payment-success or payment-cancel page (Location)"),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const to = await confirmSandbox(
          app,
          { ...request.body, paymentId: request.params.paymentId },
          outcome,
        );
        return reply.redirect(to, 303);
      },
    );
  }

  // The sandbox has no provider to say a canceled subscription ended or a checkout expired:
  // sweep now and then.
  if (app.config.env !== 'test') {
    const timer = setInterval(() => {
      expireEndedSubscriptions(app).catch((err) => app.log.error({ err }, 'subscription sweep'));
      expireSandboxCheckouts(app).catch((err) => app.log.error({ err }, 'checkout expiry sweep'));
    }, SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
