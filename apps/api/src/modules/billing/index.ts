/**
 * Public surface of billing. Other areas charge through openOneTimeCheckout or startCheckout (a
 * one-time payment, written inside their own transaction or on its own) and
 * learn the outcome through onPaymentSettled, registered when their routes are; billing never
 * imports them. refundPayment gives card money back; closeCheckout expires a checkout its area
 * no longer wants paid; paymentsOf shows what was paid how.
 */
export {
  openOneTimeCheckout,
  startCheckout,
  closeCheckout,
  refundPayment,
  paymentsOf,
} from './billing.service.ts';
// A closing account stops its subscription's renewal.
export { stopRenewal } from './subscriptions.service.ts';
export { onPaymentSettled, type SettledHandlers } from './settled-handlers.ts';
export type { PaymentRow } from './billing.repository.ts';
export type { OneTimeCheckout } from './billing.service.ts';
export { stripeRoutes } from './stripe.routes.ts';
export { stripeWebhookRoutes } from './stripe-webhook.routes.ts';
export { paymentsRoutes } from './payments.routes.ts';
// The demo seed writes subscriptions and payments as they stand, without a checkout.
export { insertPayment, insertSubscription } from './billing.repository.ts';
