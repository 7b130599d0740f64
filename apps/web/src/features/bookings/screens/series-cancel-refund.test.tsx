import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { Booking } from '../bookings-api';
import { refundIfCancelled } from '../components/booking-actions';
import {
  BOOKING_ID,
  makeBooking,
  makeOccurrences,
  makeSeries,
  OWNER_ID,
  SERIES_ID,
  SITTER_ID,
} from '../test/booking-factory';

const HOUR = 3_600_000;
const NEXT_ID = '1'.repeat(24);
const LAST_ID = '2'.repeat(24);
const ids = [BOOKING_ID, NEXT_ID, LAST_ID];
// The first visit starts in 24 hours (half back for a late owner), the others a week apart.
const startIn = [24 * HOUR, (24 + 7 * 24) * HOUR, (24 + 14 * 24) * HOUR];
/** Each visit's own share of credits and of the card payment (paid), as the API splits them. */
const shares = [
  { credits: 1501, card: 1000 },
  { credits: 999, card: 1501 },
  { credits: 0, card: 2500 },
];

function visits(): Booking[] {
  const now = Date.now();
  return ids.map((id, i) =>
    makeBooking({
      _id: id,
      id,
      status: 'accepted',
      seriesId: SERIES_ID,
      startDate: new Date(now + startIn[i]!).toISOString(),
      endDate: new Date(now + startIn[i]! + HOUR).toISOString(),
      payment: {
        status: 'paid',
        creditsCents: shares[i]!.credits,
        creditsRefundedCents: 0,
        cardCents: shares[i]!.card,
        cardRefundedCents: 0,
        currency: 'usd',
        checkoutUrl: null,
      },
    }),
  );
}

/** The booking details page of `bookingId`; with `readable: false` the other visits answer 500. */
function open(as: 'owner' | 'sitter', bookingId: string, readable = true) {
  storeSession(
    as === 'owner' ? { id: OWNER_ID, userType: 'user' } : { id: SITTER_ID, userType: 'provider' },
  );
  const bookings = visits();
  const series = makeSeries({
    status: 'accepted',
    occurrences: makeOccurrences(3, (i) => ({
      startAt: bookings[i]!.startDate,
      endAt: bookings[i]!.endDate,
      bookingId: ids[i]!,
      status: 'accepted',
    })),
  });
  const calls = mockFetch((call) => {
    const booking = bookings.find((b) => call.url === `/api/booking/${b._id}`);
    if (booking && !readable && booking._id !== bookingId)
      return { status: 500, body: { message: 'Server error' } };
    if (booking) return { status: 200, body: { booking, reviews: [] } };
    if (call.url === `/api/booking/series/${SERIES_ID}`)
      return { status: 200, body: { success: true, message: 'ok', data: series } };
    return { status: 404, body: { message: 'Not found' } };
  });
  renderApp(`/booking-details/${bookingId}`);
  return calls;
}

async function openDialog(button: string, title: string) {
  const section = await screen.findByRole('region', { name: 'Part of a weekly series' });
  await userEvent.click(await within(section).findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

describe('cancelling a weekly series visit says what comes back', () => {
  it('the owner cancelling a visit inside 48 hours gets half of each back, rounded down', async () => {
    open('owner', BOOKING_ID);
    const dialog = await openDialog('Cancel this visit', 'Cancel this visit?');
    expect(dialog).toHaveTextContent('Only this visit is cancelled');
    expect(within(dialog).getByTestId('cancel-refund')).toHaveTextContent(
      'You get back $7.50 in credits and $5.00 to the card.',
    );
  });

  it('the owner cancelling a visit more than 48 hours ahead gets everything back', async () => {
    open('owner', NEXT_ID);
    const dialog = await openDialog('Cancel this visit', 'Cancel this visit?');
    expect(within(dialog).getByTestId('cancel-refund')).toHaveTextContent(
      'You get back $9.99 in credits and $15.01 to the card.',
    );
  });

  it('the owner cancelling the rest gets the sum of each visit’s refund', async () => {
    const calls = open('owner', BOOKING_ID);
    const dialog = await openDialog(
      'Cancel the rest of the series',
      'Cancel the rest of the series?',
    );
    expect(dialog).toHaveTextContent('The 3 visits of this series not started yet');
    // Half of the first visit (7.50 + 5.00), all of the next two (9.99 + 15.01, then 25.00).
    await waitFor(() =>
      expect(within(dialog).getByTestId('cancel-refund')).toHaveTextContent(
        'You get back $17.49 in credits and $45.01 to the card.',
      ),
    );
    // Each other visit's payment is read; this visit's is already on the page.
    for (const id of [NEXT_ID, LAST_ID])
      expect(calls.some((c) => c.url === `/api/booking/${id}`)).toBe(true);
  });

  it('the sitter reads that the owner gets back what they paid, not how they paid', async () => {
    open('sitter', BOOKING_ID);
    const visit = await openDialog('Cancel this visit', 'Cancel this visit?');
    expect(within(visit).getByTestId('cancel-refund')).toHaveTextContent(
      'The owner gets back what they paid.',
    );
    await userEvent.click(within(visit).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const rest = await openDialog(
      'Cancel the rest of the series',
      'Cancel the rest of the series?',
    );
    await waitFor(() =>
      expect(within(rest).getByTestId('cancel-refund')).toHaveTextContent(
        'The owner gets back what they paid.',
      ),
    );
    expect(rest).not.toHaveTextContent(/in credits|to the card/);
  });

  it('says so when the visits cannot be read', async () => {
    open('owner', BOOKING_ID, false);
    const dialog = await openDialog(
      'Cancel the rest of the series',
      'Cancel the rest of the series?',
    );
    await waitFor(() =>
      expect(within(dialog).getByTestId('cancel-refund')).toHaveTextContent(
        'The refund could not be worked out; it follows the cancellation policy below.',
      ),
    );
  });
});

describe('what cancelling several visits refunds', () => {
  it('sums each visit’s refund, halves rounded down visit by visit', () => {
    const late = (id: string, credits: number) =>
      makeBooking({
        _id: id,
        id,
        status: 'accepted',
        startDate: new Date(Date.now() + HOUR).toISOString(),
        payment: { ...makeBooking().payment, creditsCents: credits },
      });
    // 0.75 + 0.75, not half of 3.02 (1.51).
    expect(refundIfCancelled([late(NEXT_ID, 151), late(LAST_ID, 151)], true)).toBe(
      'You get back $1.50 in credits.',
    );
    expect(refundIfCancelled([makeBooking(), makeBooking({ _id: NEXT_ID })], true)).toBe(
      'Nothing was paid for these visits, so nothing is charged.',
    );
  });
});
