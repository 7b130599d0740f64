import type { DbOrTrx } from '../../db/index.ts';

/** How many uses of a coupon a member holds in checkouts still open. */
export type HeldUsesCounter = (db: DbOrTrx, userId: string, couponId: string) => Promise<number>;

let counter: HeldUsesCounter | null = null;

/**
 * Registered by billing's routes at start-up (billing imports coupons, never the reverse): a use
 * held in an open checkout differs from a redeemed one only by its payment's state, which is
 * billing's. Process-wide; the counter is handed the database, so registering again (another app
 * instance in the same process) changes nothing.
 */
export function countHeldUsesWith(count: HeldUsesCounter): void {
  counter = count;
}

export function countHeldUses(db: DbOrTrx, userId: string, couponId: string): Promise<number> {
  if (!counter) throw new Error('No counter of held coupon uses: billing registers it');
  return counter(db, userId, couponId);
}
