import { describe, expect, it } from 'vitest';
import { makeBooking } from '../test/booking-factory';
import { refundIfCancelled } from './booking-actions';

const paid = {
  status: 'paid' as const,
  creditsCents: 1500,
  creditsRefundedCents: 0,
  cardCents: 20000,
  cardRefundedCents: 0,
  currency: 'usd',
  checkoutUrl: null,
};
const startDate = '2030-05-03T09:00:00.000Z';

describe('what cancelling refunds, said before confirming', () => {
  it('an owner with 48 hours or more of notice gets everything back', () => {
    const booking = makeBooking({ startDate, payment: paid });
    expect(refundIfCancelled(booking, true, new Date('2030-05-01T08:00:00.000Z'))).toBe(
      'You get back $15.00 in credits and $200.00 to the card.',
    );
  });

  it('a late owner of an accepted booking gets half of each, rounded down', () => {
    const booking = makeBooking({
      status: 'accepted',
      startDate,
      payment: { ...paid, creditsCents: 1501 },
    });
    expect(refundIfCancelled(booking, true, new Date('2030-05-02T09:00:00.000Z'))).toBe(
      'You get back $7.50 in credits and $100.00 to the card.',
    );
  });

  it('a late owner withdrawing a request no sitter accepted yet gets everything back', () => {
    const booking = makeBooking({ status: 'pending', startDate, payment: paid });
    expect(refundIfCancelled(booking, true, new Date('2030-05-03T08:00:00.000Z'))).toBe(
      'You get back $15.00 in credits and $200.00 to the card.',
    );
  });

  it('a sitter cancelling gives the owner everything back; an unmade card payment is not counted', () => {
    const booking = makeBooking({ startDate, payment: { ...paid, status: 'awaiting' } });
    expect(refundIfCancelled(booking, false, new Date('2030-05-03T08:00:00.000Z'))).toBe(
      'The owner gets back what they paid.',
    );
    // The owner cancelling the same booking reads how much, and how it was paid.
    expect(refundIfCancelled(booking, true, new Date('2030-05-03T08:00:00.000Z'))).toMatch(
      /^You get back \$[\d.]+ in credits\.$/,
    );
    expect(refundIfCancelled(makeBooking(), true)).toBe(
      'Nothing was paid for this booking, so nothing is charged.',
    );
  });
});
