/**
 * Shown at checkout, before the booking exists; afterwards the booking's own
 * `cancellationPolicy` (from the server) is shown. Keep in step with the API's pricing rules.
 */
export const CANCELLATION_POLICY =
  'Bookings can be cancelled until they start (pending or accepted). An owner who cancels at ' +
  'least 48 hours before the start gets the credits applied refunded in full; later, 50 % of ' +
  'them (rounded down to the cent). When the sitter cancels or declines, the owner is always ' +
  'refunded in full.';
