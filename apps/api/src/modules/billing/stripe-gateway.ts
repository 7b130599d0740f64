import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentGateway } from './gateway.ts';

const clients = new WeakMap<FastifyInstance, Stripe>();

/** The SDK client of this app (STRIPE_API_BASE points it at a local fake in tests). */
export function stripeClient(app: FastifyInstance): Stripe {
  const stripe = app.config.stripe;
  if (!stripe) throw new AppError('NOT_FOUND', 'Stripe is not configured');
  let client = clients.get(app);
  if (!client) {
    const base = stripe.apiBase ? new URL(stripe.apiBase) : null;
    client = new Stripe(stripe.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'http:' ? 80 : 443),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
    clients.set(app, client);
  }
  return client;
}

function unavailable(error: unknown, app: FastifyInstance): AppError {
  app.log.error({ err: error }, 'stripe call failed');
  return new AppError('UPSTREAM', 'The payment provider could not be reached; try again');
}

/** Stripe Checkout: subscription mode for packages, payment mode for one-time charges. */
export function createStripeGateway(app: FastifyInstance): PaymentGateway {
  return {
    name: 'stripe',
    async createCheckout(request) {
      const stripe = stripeClient(app);
      try {
        const price = request.recurring?.stripePriceId
          ? { price: request.recurring.stripePriceId }
          : {
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: request.description },
                ...(request.recurring
                  ? { recurring: { interval: request.recurring.interval } }
                  : {}),
              },
            };
        // A coupon of ours becomes a one-off Stripe coupon for exactly the discount quoted.
        const discounts =
          request.discountCents > 0
            ? [
                {
                  coupon: (
                    await stripe.coupons.create({
                      amount_off: request.discountCents,
                      currency: request.currency.toLowerCase(),
                      duration: 'once',
                      max_redemptions: 1,
                    })
                  ).id,
                },
              ]
            : undefined;
        const session = await stripe.checkout.sessions.create(
          {
            mode: request.mode,
            line_items: [{ ...price, quantity: 1 }],
            customer_email: request.email,
            client_reference_id: request.paymentId,
            metadata: request.metadata,
            ...(request.mode === 'subscription'
              ? { subscription_data: { metadata: request.metadata } }
              : { payment_intent_data: { metadata: request.metadata } }),
            ...(discounts ? { discounts } : {}),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: `checkout-${request.paymentId}` },
        );
        if (!session.url) throw new Error('Checkout Session without a url');
        return { url: session.url, gatewayRef: session.id };
      } catch (error) {
        throw unavailable(error, app);
      }
    },
    async refund(payment, amountCents) {
      if (!payment.gateway_ref) return;
      const stripe = stripeClient(app);
      try {
        const session = await stripe.checkout.sessions.retrieve(payment.gateway_ref);
        const intent =
          typeof session.payment_intent === 'string'
            ? session.payment_intent
            : session.payment_intent?.id;
        if (!intent) throw new Error('The Checkout Session has no payment to refund');
        await stripe.refunds.create(
          { payment_intent: intent, amount: amountCents },
          { idempotencyKey: `refund-${payment.id}-${payment.refunded_cents}-${amountCents}` },
        );
      } catch (error) {
        throw unavailable(error, app);
      }
    },
    async expireCheckout(gatewayRef) {
      try {
        await stripeClient(app).checkout.sessions.expire(gatewayRef);
      } catch (error) {
        throw unavailable(error, app);
      }
    },
    async cancelAtPeriodEnd(subscription) {
      if (!subscription.gateway_ref) return;
      try {
        await stripeClient(app).subscriptions.update(subscription.gateway_ref, {
          cancel_at_period_end: true,
        });
      } catch (error) {
        throw unavailable(error, app);
      }
    },
  };
}
