/**
 * The booking checkout created and sent to the payment page, so the browser's Back from that
 * page to /checkout (whose draft was used up) can say the request exists and waits for payment
 * instead of "no booking request". Kept in sessionStorage (cleared at logout, like every
 * per-tab step) and forgotten once the payment page sends the member back with an outcome.
 */
const AWAITING_PAYMENT_KEY = 'bookingAwaitingPayment';

type AwaitingPayment = { bookingId: string; userId: string };

export function rememberAwaitingPayment(bookingId: string, userId: string): void {
  sessionStorage.setItem(AWAITING_PAYMENT_KEY, JSON.stringify({ bookingId, userId }));
}

export function forgetAwaitingPayment(): void {
  sessionStorage.removeItem(AWAITING_PAYMENT_KEY);
}

/** The id of the booking this member left checkout for to pay, if any. */
export function bookingAwaitingPayment(userId: string): string | null {
  try {
    const saved = JSON.parse(
      sessionStorage.getItem(AWAITING_PAYMENT_KEY) ?? 'null',
    ) as AwaitingPayment | null;
    if (typeof saved?.bookingId === 'string' && saved.userId === userId) return saved.bookingId;
  } catch {
    // Not ours or damaged: nothing to point at.
  }
  return null;
}
