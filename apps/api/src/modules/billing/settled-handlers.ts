import type { DbOrTrx } from '../../db/index.ts';
import type { PaymentRow } from './billing.repository.ts';

/** What the area that asked for a one-time payment does when it settles, in billing's transaction. */
export type SettledHandlers = {
  paid(trx: DbOrTrx, payment: PaymentRow): Promise<void>;
  cancelled?(trx: DbOrTrx, payment: PaymentRow): Promise<void>;
};

const handlers = new Map<'booking', SettledHandlers>();

/**
 * Registered by the paying area at start-up (bookings imports billing, never the reverse). One
 * handler per kind, process-wide: registering again (another app instance in the same process)
 * replaces it with an identical one.
 */
export function onPaymentSettled(kind: 'booking', settled: SettledHandlers): void {
  handlers.set(kind, settled);
}

export function settledHandler(kind: 'booking'): SettledHandlers | undefined {
  return handlers.get(kind);
}
