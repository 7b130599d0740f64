import type {
  Checkout,
  CheckoutResponse,
  CreateSubscriptionBody,
  MySubscriptionResponse,
  PaymentWire,
  SubscriptionQuote,
  SubscriptionQuoteBody,
  SubscriptionQuoteResponse,
} from '@pawsy/contract';
import { http } from '../../lib/http';

export type { MySubscriptionResponse, PaymentWire, SubscriptionQuote };

/** SPEC §8 fallbacks of the subscription flow. */
export const BILLING_MESSAGES = {
  missingToken: 'Missing auth token',
  createFailed: 'Create subscription error',
  paidStatusFailed: 'Failed to update paid status',
  quoteFailed: 'Could not check the coupon',
  paymentFailed: 'Could not load the payment',
} as const;

/** The billing calls (every billing path appears only here). */
export const billingApi = {
  async quote(body: SubscriptionQuoteBody): Promise<SubscriptionQuote> {
    const { data } = await http.post<SubscriptionQuoteResponse>('/api/stripe/quote', body);
    return data.data;
  },
  /** The checkout url to send the browser to (Stripe's page or the local sandbox's). */
  async createSubscription(body: CreateSubscriptionBody): Promise<Checkout> {
    const { data } = await http.post<CheckoutResponse>('/api/stripe/create-subscription', body);
    return data.data;
  },
  async mySubscription(): Promise<MySubscriptionResponse> {
    const { data } = await http.get<MySubscriptionResponse>('/api/payments/subscription');
    return data;
  },
  async cancelAtPeriodEnd(): Promise<MySubscriptionResponse> {
    const { data } = await http.post<MySubscriptionResponse>('/api/payments/subscription/cancel');
    return data;
  },
  async payment(id: string): Promise<PaymentWire> {
    const { data } = await http.get<{ success: true; data: PaymentWire }>(
      `/api/payments/${encodeURIComponent(id)}`,
    );
    return data.data;
  },
};
