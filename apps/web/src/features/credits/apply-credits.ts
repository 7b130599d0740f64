/** The most credits (cents) a booking can use: never more than the balance or the price. */
export function maxApplicableCredits(balanceCents: number, priceCents: number): number {
  const cap = Math.min(balanceCents, priceCents);
  return Number.isFinite(cap) && cap > 0 ? Math.floor(cap) : 0;
}

/** A requested amount (cents) clamped to what may be applied: 0 ≤ result ≤ min(balance, price). */
export function clampCredits(requestedCents: number, balanceCents: number, priceCents: number) {
  if (!Number.isFinite(requestedCents) || requestedCents <= 0) return 0;
  return Math.min(Math.floor(requestedCents), maxApplicableCredits(balanceCents, priceCents));
}
