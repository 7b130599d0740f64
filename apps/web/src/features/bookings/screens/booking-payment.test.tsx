import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { Booking } from '../bookings-api';
import { BOOKING_ID, makeBooking, makeRequest, OWNER_ID, SITTER_ID } from '../test/booking-factory';

function open(booking: Booking, as: 'owner' | 'sitter' = 'owner') {
  storeSession(
    as === 'owner' ? { id: OWNER_ID, userType: 'user' } : { id: SITTER_ID, userType: 'provider' },
  );
  mockFetch((call) => {
    if (call.url === `/api/booking/${BOOKING_ID}`)
      return { status: 200, body: { booking, reviews: [] } };
    if (call.url === `/api/booking/${BOOKING_ID}/requests`)
      return { status: 200, body: { success: true, providers: [makeRequest()] } };
    return { status: 404, body: { message: 'Not found' } };
  });
  renderApp(`/booking-details/${BOOKING_ID}`);
}

const payment = (over: Partial<Booking['payment']>): Booking['payment'] => ({
  status: 'paid',
  creditsCents: 1000,
  creditsRefundedCents: 0,
  cardCents: 4000,
  cardRefundedCents: 0,
  currency: 'usd',
  checkoutUrl: null,
  ...over,
});

describe('booking details: what was paid how', () => {
  it('shows credits, the card payment and its refund', async () => {
    open(
      makeBooking({
        status: 'cancelled',
        creditsApplied: 1000,
        creditsRefunded: 1000,
        payment: payment({ creditsRefundedCents: 1000, cardRefundedCents: 4000 }),
      }),
    );
    expect(await screen.findByText('Paid by card: $40.00')).toBeInTheDocument();
    expect(screen.getByText('Credits applied: $10.00')).toBeInTheDocument();
    expect(screen.getByText('Card refunded: $40.00')).toBeInTheDocument();
  });

  it('shows the sitter the price, not how the owner paid it', async () => {
    const paidEvent = {
      _id: 'e-paid',
      type: 'paid',
      at: '2030-05-01T08:00:00.000Z',
      by: 'owner' as const,
      note: 'Paid by card',
      image: null,
    };
    const booking = makeBooking({ status: 'accepted', creditsApplied: 1000, payment: payment({}) });
    open({ ...booking, timeline: [...booking.timeline, paidEvent] }, 'sitter');
    expect(await screen.findByText(/^Price: /)).toBeInTheDocument();
    expect(screen.queryByText(/Credits applied/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Paid by card/)).not.toBeInTheDocument();
    // Nor in the timeline.
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(timeline).not.toHaveTextContent(/Paid/);
  });

  it('offers to pay an unpaid card part, and says the sitter is asked once it is paid', async () => {
    open(
      makeBooking({
        payment: payment({ status: 'awaiting', checkoutUrl: 'http://pay.test/checkout/1' }),
      }),
    );
    expect(await screen.findByText('Awaiting card payment: $40.00')).toBeInTheDocument();
    expect(screen.getByText(/sitter gets your request once it is paid/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay $40.00 by card' })).toHaveAttribute(
      'href',
      'http://pay.test/checkout/1',
    );
  });

  it('an accepted open booking with no card part: its price, and that nothing is charged', async () => {
    open(
      makeBooking({
        status: 'accepted',
        price: { amountCents: 3000, currency: 'USD', units: 1, unitLabel: 'hour', rateCents: 3000 },
        amountDueCents: 3000,
        payment: payment({ status: 'none', creditsCents: 0, cardCents: 0 }),
      }),
    );
    expect(await screen.findByText('Price: $30.00 × 1 hour = $30.00')).toBeInTheDocument();
    expect(screen.getByText(/Not charged through Pawsy/)).toBeInTheDocument();
    expect(screen.queryByText(/Total due/)).toBeNull();
    expect(screen.queryByRole('link', { name: /^Pay / })).toBeNull();
  });

  it('credits covering part of a booking with no card part: one statement, no "no credits"', async () => {
    open(
      makeBooking({
        price: { amountCents: 2000, currency: 'USD', units: 1, unitLabel: 'hour', rateCents: 2000 },
        creditsApplied: 1000,
        amountDueCents: 1000,
        payment: payment({ status: 'none', creditsCents: 1000, cardCents: 0 }),
      }),
    );
    expect(await screen.findByText('Credits applied: $10.00')).toBeInTheDocument();
    expect(
      screen.getByText('Paid $10.00 with credits; the other $10.00 is not charged through Pawsy.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/no card payment or credits are taken/)).toBeNull();
  });

  it('a direct booking covered by credits reads as paid with credits', async () => {
    open(
      makeBooking({
        creditsApplied: 5000,
        amountDueCents: 0,
        payment: payment({ status: 'none', creditsCents: 5000, cardCents: 0 }),
      }),
    );
    expect(await screen.findByText('Paid with credits')).toBeInTheDocument();
    expect(screen.queryByText(/Total due/)).toBeNull();
  });
});

describe('back from the payment page', () => {
  it('confirms the payment in a toast', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    mockFetch((call) =>
      call.url === `/api/booking/${BOOKING_ID}`
        ? { status: 200, body: { booking: makeBooking({ payment: payment({}) }), reviews: [] } }
        : { status: 200, body: { success: true, providers: [] } },
    );
    renderApp(`/booking-details/${BOOKING_ID}?payment=success&paymentId=abc`);
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
  });
});
