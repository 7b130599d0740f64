import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PaymentRow, SubscriptionRow } from './billing.repository.ts';
import { createStripeGateway } from './stripe-gateway.ts';

export type CheckoutRequest = {
  paymentId: string;
  /** 'subscription' bills again every interval; 'payment' charges once. */
  mode: 'subscription' | 'payment';
  email: string;
  description: string;
  /** Full price; the gateway takes discountCents off (the first period only, for subscriptions). */
  amountCents: number;
  discountCents: number;
  currency: string;
  recurring: { interval: 'month' | 'year'; stripePriceId: string | null } | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
};

/**
 * Where money is collected. Both adapters hand the browser a checkout url; confirmation comes
 * back separately (Stripe's webhook, or the sandbox page's Pay button) and both end in the same
 * fulfilment (fulfilment.ts), so nothing downstream knows which gateway was used.
 */
export interface PaymentGateway {
  readonly name: 'stripe' | 'sandbox';
  createCheckout(request: CheckoutRequest): Promise<{ url: string; gatewayRef: string | null }>;
  refund(payment: PaymentRow, amountCents: number): Promise<void>;
  /** The checkout page of gatewayRef will never be used (its url was given to nobody). */
  expireCheckout(gatewayRef: string): Promise<void>;
  /** Tells the gateway to stop billing after the current period. */
  cancelAtPeriodEnd(subscription: SubscriptionRow): Promise<void>;
}

/** Where the sandbox sends the browser back to (paths on PUBLIC_URL, as Stripe's urls are). */
export type SandboxReturn = { success: string; cancel: string };

/**
 * The sandbox's capability for one payment and its return paths: only the browser sent to its
 * page can confirm it, and nobody can swap the return paths for another site.
 */
export function sandboxToken(app: FastifyInstance, paymentId: string, back: SandboxReturn): string {
  return createHmac('sha256', app.config.jwtSecret)
    .update(`sandbox-checkout:${paymentId}:${back.success}:${back.cancel}`)
    .digest('base64url');
}

export function isSandboxToken(
  app: FastifyInstance,
  paymentId: string,
  back: SandboxReturn,
  token: string,
): boolean {
  const expected = Buffer.from(sandboxToken(app, paymentId, back));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The path part of a return url of ours (always under PUBLIC_URL). */
function pathOf(app: FastifyInstance, url: string): string {
  return url.startsWith(app.config.publicUrl) ? url.slice(app.config.publicUrl.length) : '/';
}

function createSandboxGateway(app: FastifyInstance): PaymentGateway {
  return {
    name: 'sandbox',
    async createCheckout(request) {
      const back = {
        success: pathOf(app, request.successUrl),
        cancel: pathOf(app, request.cancelUrl),
      };
      const token = sandboxToken(app, request.paymentId, back);
      const query = `success=${encodeURIComponent(back.success)}&cancel=${encodeURIComponent(back.cancel)}&token=${token}`;
      return {
        url: `${app.config.publicUrl}/api/payments/sandbox/${request.paymentId}?${query}`,
        gatewayRef: null,
      };
    },
    // No money moved: the refund is the ledger change the caller records.
    async refund() {},
    // The sandbox keeps nothing about a page until it is submitted.
    async expireCheckout() {},
    async cancelAtPeriodEnd() {},
  };
}

const gateways = new WeakMap<FastifyInstance, PaymentGateway>();

/** Stripe when STRIPE_SECRET_KEY is set, else the local sandbox; one per app instance. */
export function gatewayOf(app: FastifyInstance): PaymentGateway {
  let gateway = gateways.get(app);
  if (!gateway) {
    gateway = app.config.stripe ? createStripeGateway(app) : createSandboxGateway(app);
    gateways.set(app, gateway);
  }
  return gateway;
}
