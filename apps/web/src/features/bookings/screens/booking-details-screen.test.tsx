import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { makeDispute } from '../../../test/fixtures';
import type { Booking, BookingRequest, BookingReview } from '../bookings-api';
import {
  BOOKING_ID,
  makeBooking,
  makeContact,
  makeRequest,
  makeReview,
  OWNER_ID,
  SITTER_ID,
} from '../test/booking-factory';

type Setup = {
  as: 'owner' | 'sitter';
  booking: Booking;
  reviews?: BookingReview[];
  requests?: BookingRequest[];
  /** The answer to GET /api/booking/{id}/contact (default: the owner's, as the sitter reads it). */
  contact?: { status: number; body: unknown };
  /** The booking as kept in the tab from earlier in the visit (persisted state). */
  kept?: Booking;
  /** What GET /api/dispute?bookingId=… lists (default: no dispute on the booking). */
  disputes?: unknown[];
};

function open({
  as,
  booking,
  reviews = [],
  requests = [makeRequest()],
  contact = { status: 200, body: { success: true, data: makeContact() } },
  kept,
  disputes = [],
}: Setup) {
  storeSession(
    as === 'owner' ? { id: OWNER_ID, userType: 'user' } : { id: SITTER_ID, userType: 'provider' },
  );
  const calls = mockFetch((call) => {
    if (call.url === `/api/booking/${BOOKING_ID}`)
      return { status: 200, body: { booking, reviews } };
    if (call.url === `/api/booking/${BOOKING_ID}/requests`)
      return { status: 200, body: { success: true, providers: requests } };
    if (call.url === `/api/booking/${BOOKING_ID}/contact`) return contact;
    if (call.url === `/api/dispute/?bookingId=${BOOKING_ID}&limit=1`)
      return { status: 200, body: { success: true, data: disputes, total: disputes.length } };
    if (call.url === `/api/booking/accept/${BOOKING_ID}`) {
      const body = call.body as { status: Booking['status'] };
      return {
        status: 200,
        body: { success: true, message: 'ok', data: { ...booking, status: body.status } },
      };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  renderApp(
    `/booking-details/${BOOKING_ID}`,
    kept
      ? {
          booking: {
            status: 'success',
            items: [],
            current: kept,
            reviews: [],
            error: null,
            draft: null,
          },
        }
      : undefined,
  );
  return calls;
}

const button = (name: string | RegExp) => screen.queryByRole('button', { name });

async function ready() {
  await screen.findByRole('heading', { level: 2, name: 'Dog walking' });
}

/** As the sitter, an accepted booking that starts within the hour: Start is offered. */
async function openStartable() {
  const soon = new Date(Date.now() + 3600_000);
  open({
    as: 'sitter',
    booking: makeBooking({
      status: 'accepted',
      startDate: soon.toISOString(),
      endDate: new Date(soon.getTime() + 3600_000).toISOString(),
    }),
  });
  await ready();
}

describe('booking details: buttons by role and status', () => {
  it('owner of a pending booking: Cancel only, and the requests', async () => {
    open({ as: 'owner', booking: makeBooking({ status: 'pending' }) });
    await ready();
    expect(button('Cancel booking')).toBeInTheDocument();
    expect(button('Start')).not.toBeInTheDocument();
    expect(button('Complete')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('group', { name: 'Request from Sam Ortega' }),
    ).toBeInTheDocument();
    expect(button('Chat')).toBeEnabled();
  });

  it('assigned sitter of an accepted booking starting within 2 hours: Start and Cancel', async () => {
    await openStartable();
    expect(button('Start')).toBeInTheDocument();
    expect(button('Cancel booking')).toBeInTheDocument();
    expect(button('Complete')).not.toBeInTheDocument();
  });

  it('assigned sitter of a booking further off: when it can be started, instead of a Start that fails', async () => {
    open({ as: 'sitter', booking: makeBooking({ status: 'accepted' }) });
    await ready();
    expect(button('Start')).not.toBeInTheDocument();
    // 2030-05-01 09:00 UTC less the default 2 hours, in the browser's zone.
    expect(screen.getByTestId('startable-from')).toHaveTextContent(
      /^You can start this booking from .*2030/,
    );
    expect(button('Cancel booking')).toBeInTheDocument();
  });

  it('assigned sitter of an in-progress booking that has begun: Complete only', async () => {
    const begun = new Date(Date.now() - 600_000);
    open({
      as: 'sitter',
      booking: makeBooking({
        status: 'in-progress',
        startDate: begun.toISOString(),
        endDate: new Date(begun.getTime() + 3600_000).toISOString(),
      }),
    });
    await ready();
    expect(button('Complete')).toBeInTheDocument();
    expect(button('Start')).not.toBeInTheDocument();
    expect(button('Cancel booking')).not.toBeInTheDocument();
    expect(screen.queryByTestId('completable-from')).not.toBeInTheDocument();
  });

  it('assigned sitter of a booking started early: when it can be completed, then Complete once it begins', async () => {
    // Far enough ahead that a slow first render (a cold test file) still sees it not yet begun.
    const soon = new Date(Date.now() + 6000);
    open({
      as: 'sitter',
      booking: makeBooking({
        status: 'in-progress',
        startDate: soon.toISOString(),
        endDate: new Date(soon.getTime() + 3600_000).toISOString(),
      }),
    });
    await ready();
    expect(button('Complete')).not.toBeInTheDocument();
    expect(screen.getByTestId('completable-from')).toHaveTextContent(
      /^You can complete this booking from .+\.$/,
    );
    // The page left open is judged again when the booking begins.
    expect(
      await screen.findByRole('button', { name: 'Complete' }, { timeout: 20_000 }),
    ).toBeVisible();
    expect(screen.queryByTestId('completable-from')).not.toBeInTheDocument();
    // It waits on the real clock (6 s), after a first render that a busy machine makes slow.
  }, 30_000);

  it('party of a completed booking without a review: the review form; with one: none', async () => {
    open({ as: 'owner', booking: makeBooking({ status: 'completed' }) });
    await ready();
    expect(screen.getByRole('form', { name: 'Leave a review' })).toBeInTheDocument();
    expect(button('Cancel booking')).not.toBeInTheDocument();
  });

  it('no review form once the party has reviewed; their own review is listed', async () => {
    open({ as: 'owner', booking: makeBooking({ status: 'completed' }), reviews: [makeReview()] });
    await ready();
    expect(screen.queryByRole('form', { name: 'Leave a review' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Review by Olivia' })).toHaveTextContent(
      'Great walk',
    );
  });

  it("says why the viewer's own review is hidden: the other's review, or an open dispute", async () => {
    open({ as: 'owner', booking: makeBooking({ status: 'completed' }), reviews: [makeReview()] });
    await ready();
    expect(screen.getByRole('article', { name: 'Review by Olivia' })).toHaveTextContent(
      'Only you can see this until the other party reviews too.',
    );
    cleanup();
    open({
      as: 'owner',
      booking: makeBooking({ status: 'completed' }),
      reviews: [makeReview({ onHold: true })],
    });
    await ready();
    const held = screen.getByRole('article', { name: 'Review by Olivia' });
    expect(held).toHaveTextContent('both reviews show once the dispute on this booking is settled');
    expect(held).not.toHaveTextContent('until the other party reviews too');
  });

  it("tells the sitter whether Pawsy took the owner's payment, without the owner's details", async () => {
    const base = makeBooking({ status: 'accepted' });
    open({
      as: 'sitter',
      booking: { ...base, payment: { ...base.payment, status: 'paid', cardCents: 2000 } },
    });
    await ready();
    expect(screen.getByText('Paid by the owner through Pawsy.')).toBeInTheDocument();
    expect(screen.queryByText(/Paid by card/)).toBeNull();
    cleanup();
    open({ as: 'sitter', booking: makeBooking({ status: 'accepted' }) });
    await ready();
    expect(
      screen.getByText('Not paid through Pawsy: agree on payment with the owner.'),
    ).toBeInTheDocument();
  });

  it('the cancel confirmation states the policy, and the status comes from the answer', async () => {
    const calls = open({ as: 'owner', booking: makeBooking({ status: 'accepted' }) });
    await ready();
    await userEvent.click(button('Cancel booking')!);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveTextContent('Cancel until the start; 48 hours before for a full refund.');
    // The keyboard starts on the safe choice, not on the close button.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Keep booking' }),
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));
    await waitFor(() =>
      expect(screen.getAllByLabelText('Status: Cancelled').length).toBeGreaterThan(0),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'cancelled' });
    // The Cancel button is gone: focus lands on the booking's heading, not on <body>.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Dog walking' }),
      ),
    );
  });

  it("after the sitter confirms Start, focus goes to the booking's heading", async () => {
    await openStartable();
    await userEvent.click(button('Start')!);
    const dialog = await screen.findByRole('dialog', { name: 'Start the booking' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Dog walking' }),
      ),
    );
  });
  it('after the owner leaves the cancel dialog with Escape, focus is back on Cancel booking', async () => {
    open({ as: 'owner', booking: makeBooking({ status: 'accepted' }) });
    await ready();
    await userEvent.click(button('Cancel booking')!);
    await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(button('Cancel booking')));
  });
  for (const leave of ['Escape', 'Back'] as const) {
    it(`after the sitter leaves the Start dialog with ${leave}, focus is back on Start`, async () => {
      await openStartable();
      await userEvent.click(button('Start')!);
      const dialog = await screen.findByRole('dialog', { name: 'Start the booking' });
      if (leave === 'Escape') await userEvent.keyboard('{Escape}');
      else await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(document.activeElement).toBe(button('Start')));
    });
  }
});

describe("booking details: Cancel once the booking's time has come", () => {
  const MIN = 60_000;
  /** An accepted 2-hour booking that began `minutesAgo` (negative: begins that far ahead). */
  const acceptedFrom = (minutesAgo: number) => {
    const start = Date.now() - minutesAgo * MIN;
    return makeBooking({
      status: 'accepted',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 120 * MIN).toISOString(),
    });
  };

  it('the owner of a booking that has begun has no Cancel; its sitter, who never started it, has', async () => {
    open({ as: 'owner', booking: acceptedFrom(10) });
    await ready();
    expect(button('Cancel booking')).not.toBeInTheDocument();
    cleanup();
    open({ as: 'sitter', booking: acceptedFrom(10) });
    await ready();
    expect(button('Cancel booking')).toBeInTheDocument();
  });

  it('nobody has Cancel once the booking has ended', async () => {
    open({ as: 'sitter', booking: acceptedFrom(130) });
    await ready();
    expect(button('Cancel booking')).not.toBeInTheDocument();
  });

  it("the owner's Cancel goes when the start comes on a page left open", async () => {
    // Far enough ahead that a slow first render (a cold test file) still sees it not yet begun.
    open({ as: 'owner', booking: acceptedFrom(-0.1) });
    await ready();
    expect(button('Cancel booking')).toBeInTheDocument();
    await waitFor(() => expect(button('Cancel booking')).not.toBeInTheDocument(), {
      timeout: 10_000,
    });
  });
});

describe('booking details: the review form closes with the blind window', () => {
  const completedDaysAgo = (days: number) =>
    makeBooking({
      status: 'completed',
      timeline: [
        {
          _id: '9'.repeat(24),
          type: 'completed',
          at: new Date(Date.now() - days * 86_400_000).toISOString(),
          by: 'sitter' as const,
          note: null,
          image: null,
        },
      ],
    });

  it('is offered 13 days after completion, not 15', async () => {
    open({ as: 'sitter', booking: completedDaysAgo(13) });
    await ready();
    expect(screen.getByRole('form', { name: 'Leave a review' })).toBeInTheDocument();
    cleanup();
    open({ as: 'sitter', booking: completedDaysAgo(15) });
    await ready();
    expect(screen.queryByRole('form', { name: 'Leave a review' })).not.toBeInTheDocument();
  });
});

describe('booking details: Chat only where someone can be chatted with', () => {
  const noSitter = { provider_id: null, provider: null } as const;

  it("an owner's open booking nobody applied to has no Chat", async () => {
    open({ as: 'owner', booking: makeBooking({ ...noSitter, price: null }), requests: [] });
    await screen.findByText('No sitter has applied or been invited yet.');
    expect(button('Chat')).not.toBeInTheDocument();
    expect(button('Cancel booking')).toBeInTheDocument();
  });

  it('a cancelled direct request whose sitter was cleared has no Chat', async () => {
    open({
      as: 'owner',
      booking: makeBooking({ ...noSitter, status: 'cancelled' }),
      requests: [makeRequest({ state: 'closed' })],
    });
    await screen.findByRole('group', { name: 'Request from Sam Ortega' });
    expect(button('Chat')).not.toBeInTheDocument();
  });

  it('a booking whose card payment is still awaited has not reached the sitter: no Chat', async () => {
    const booking = makeBooking({ status: 'pending' });
    open({
      as: 'owner',
      booking: { ...booking, payment: { ...booking.payment, status: 'awaiting' } },
    });
    await screen.findByRole('group', { name: 'Request from Sam Ortega' });
    expect(button('Chat')).not.toBeInTheDocument();
  });

  it("an owner's open booking with an applicant keeps its Chat", async () => {
    open({
      as: 'owner',
      booking: makeBooking({ ...noSitter, price: null }),
      requests: [makeRequest({ initiatedBy: 'provider' })],
    });
    // Whom it writes to is the chat's (chat-open-booking.test.tsx).
    expect(await screen.findByRole('button', { name: 'Chat' })).toBeEnabled();
  });
});

describe('booking details: the sitter of a booking that ended without one', () => {
  const cancelled = makeBooking({ provider_id: null, provider: null, status: 'cancelled' });
  const sitterLine = () => screen.getByText('Sitter').parentElement;

  it('names whom the direct request went to', async () => {
    open({ as: 'owner', booking: cancelled, requests: [makeRequest({ state: 'closed' })] });
    await screen.findByRole('group', { name: 'Request from Sam Ortega' });
    expect(sitterLine()).toHaveTextContent('Request to Sam Ortega — cancelled');
  });

  it('says "No sitter", not "Not chosen yet", when no request names one', async () => {
    open({ as: 'owner', booking: cancelled, requests: [] });
    await screen.findByText('No sitter took this booking before it was cancelled.');
    expect(sitterLine()).toHaveTextContent(/^SitterNo sitter$/);
    expect(screen.queryByText('Not chosen yet')).not.toBeInTheDocument();
  });
});

describe('booking details: messages', () => {
  it('shows the server message or "Failed to fetch booking"', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    mockFetch(() => ({ status: 500, body: {} }));
    renderApp(`/booking-details/${BOOKING_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch booking');
    // A server error may pass: Retry asks again.
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  for (const [what, reply] of [
    [
      'a malformed id (400)',
      { status: 400, body: { message: 'id: Invalid id', code: 'VALIDATION' } },
    ],
    ['a missing or foreign booking (404)', { status: 404, body: { message: 'Booking not found' } }],
  ] as const) {
    it(`says "Booking not found" for ${what}, with the way back instead of Retry`, async () => {
      storeSession({ id: OWNER_ID, userType: 'user' });
      mockFetch(() => reply);
      renderApp('/booking-details/nonexistent');
      expect(await screen.findByRole('alert')).toHaveTextContent(/^Booking not found$/);
      expect(screen.queryByText(/Invalid id/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Back to my bookings' })).toHaveAttribute(
        'href',
        '/bookings',
      );
    });
  }

  it('sends the review as columns and shows "Failed to add review" without a server message', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    const calls = mockFetch((call) => {
      if (call.url === `/api/booking/${BOOKING_ID}`)
        return {
          status: 200,
          body: { booking: makeBooking({ status: 'completed' }), reviews: [] },
        };
      if (call.url === `/api/booking/${BOOKING_ID}/requests`)
        return { status: 200, body: { success: true, providers: [] } };
      return { status: 500, body: {} };
    });
    renderApp(`/booking-details/${BOOKING_ID}`);
    const form = await screen.findByRole('form', { name: 'Leave a review' });
    // Keyboard: focus a star and press Enter (clicks land on the star's label in a browser).
    within(form).getByRole('radio', { name: '4 stars' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.type(within(form).getByLabelText('Comment'), 'Lovely');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Failed to add review');
    expect(calls.find((c) => c.url.endsWith('/Review/create'))?.body).toEqual({
      columns: { rating: 4, comment: 'Lovely' },
    });
  });

  it('the arrow keys choose the rating, as in a radio group, and there is no "0 stars"', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    const calls = mockFetch((call) => {
      if (call.url === `/api/booking/${BOOKING_ID}`)
        return {
          status: 200,
          body: { booking: makeBooking({ status: 'completed' }), reviews: [] },
        };
      return { status: 500, body: {} };
    });
    renderApp(`/booking-details/${BOOKING_ID}`);
    const form = await screen.findByRole('form', { name: 'Leave a review' });
    expect(within(form).queryByRole('radio', { name: '0 stars' })).toBeNull();
    // Sent without a rating: the focus goes to the stars, which name the error.
    await userEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(within(form).getByRole('radio', { name: '1 star' })).toHaveFocus());
    expect(within(form).getByRole('radiogroup')).toHaveAccessibleDescription(
      'Choose a rating from 1 to 5 stars',
    );
    // Back into the stars from the comment box: the last star (an unchecked radio group).
    within(form).getByLabelText('Comment').focus();
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toHaveAccessibleName('5 stars');
    await userEvent.keyboard('{ArrowRight}'); // wraps to 1 star, past no "0 stars"
    expect(document.activeElement).toHaveAccessibleName('1 star');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName('3 stars');
    expect(within(form).getByRole('radio', { name: '3 stars' })).toBeChecked();
    await userEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/Review/create'))?.body).toEqual({
        columns: { rating: 3, comment: '' },
      }),
    );
    expect(within(form).queryByText('Choose a rating from 1 to 5 stars')).toBeNull();
  });

  it('shows "Failed to fetch user requests for booking" when the requests cannot load', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    mockFetch((call) =>
      call.url === `/api/booking/${BOOKING_ID}`
        ? { status: 200, body: { booking: makeBooking(), reviews: [] } }
        : { status: 500, body: {} },
    );
    renderApp(`/booking-details/${BOOKING_ID}`);
    expect(
      await screen.findByText('Failed to fetch user requests for booking'),
    ).toBeInTheDocument();
  });
});

describe('booking details: opening a dispute', () => {
  it('a party of a booking with a sitter gets "Open a dispute"; an open booking has none', async () => {
    open({ as: 'sitter', booking: makeBooking({ status: 'completed' }) });
    await ready();
    expect(screen.getByRole('link', { name: 'Open a dispute' })).toHaveAttribute(
      'href',
      `/dispute?bookingId=${BOOKING_ID}`,
    );
  });

  it('a booking with a dispute links it instead of offering another', async () => {
    const dispute = makeDispute({
      bookingId: BOOKING_ID,
      booking: { ...makeDispute().booking, _id: BOOKING_ID },
    });
    open({ as: 'sitter', booking: makeBooking({ status: 'completed' }), disputes: [dispute] });
    await ready();
    expect(await screen.findByRole('link', { name: 'View the dispute (open)' })).toHaveAttribute(
      'href',
      `/dispute/${dispute._id}`,
    );
    expect(screen.queryByRole('link', { name: 'Open a dispute' })).not.toBeInTheDocument();
  });

  it('the timeline says which party cancelled', async () => {
    const step = (type: string, by: 'owner' | 'sitter' | null) => ({
      _id: `${type}-${by}`,
      type,
      at: '2030-04-01T09:00:00.000Z',
      by,
      note: null,
      image: null,
    });
    open({
      as: 'owner',
      booking: makeBooking({
        status: 'cancelled',
        timeline: [
          step('created', 'owner'),
          step('accepted', 'sitter'),
          step('cancelled', 'sitter'),
        ],
      }),
    });
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('Cancelled by the sitter')).toBeInTheDocument();
  });

  it('an open booking without a sitter has no dispute button', async () => {
    open({
      as: 'owner',
      booking: makeBooking({ status: 'pending', provider_id: null, provider: null }),
    });
    await ready();
    expect(screen.queryByRole('link', { name: 'Open a dispute' })).not.toBeInTheDocument();
  });

  it('a request cancelled before any sitter accepted it has none; one cancelled after acceptance has', async () => {
    const event = (type: string) => ({
      _id: type,
      type,
      at: '2030-04-01T09:00:00.000Z',
      by: null,
      note: null,
      image: null,
    });
    open({
      as: 'owner',
      booking: makeBooking({
        status: 'cancelled',
        timeline: [event('created'), event('declined')],
      }),
    });
    await ready();
    expect(screen.queryByRole('link', { name: 'Open a dispute' })).not.toBeInTheDocument();
    cleanup();
    open({
      as: 'owner',
      booking: makeBooking({
        status: 'cancelled',
        timeline: [event('created'), event('accepted'), event('cancelled')],
      }),
    });
    await ready();
    expect(screen.getByRole('link', { name: 'Open a dispute' })).toBeInTheDocument();
  });

  it('is offered until 14 days after the booking ended, as the API takes one', async () => {
    /** A walk that ended (and was completed) `days` ago. */
    const endedDaysAgo = (days: number) => {
      const end = Date.now() - days * 86_400_000;
      const at = (ms: number) => new Date(ms).toISOString();
      return makeBooking({
        status: 'completed',
        startDate: at(end - 3_600_000),
        endDate: at(end),
        timeline: [
          {
            _id: '9'.repeat(24),
            type: 'completed',
            at: at(end),
            by: 'sitter',
            note: null,
            image: null,
          },
        ],
      });
    };
    open({ as: 'owner', booking: endedDaysAgo(13) });
    await ready();
    expect(screen.getByRole('link', { name: 'Open a dispute' })).toBeInTheDocument();
    cleanup();
    open({ as: 'owner', booking: endedDaysAgo(15) });
    await ready();
    expect(screen.queryByRole('link', { name: 'Open a dispute' })).not.toBeInTheDocument();
  });
});

describe('booking details: contact details', () => {
  const contactCalls = (calls: { url: string }[]) =>
    calls.filter((c) => c.url === `/api/booking/${BOOKING_ID}/contact`);

  it("the assigned sitter of an accepted booking reads the owner's phone and address", async () => {
    open({ as: 'sitter', booking: makeBooking({ status: 'accepted' }) });
    await ready();
    const card = await screen.findByRole('region', { name: 'Contact details' });
    await within(card).findByText('The owner: Olivia Bennett');
    expect(within(card).getByRole('link', { name: '+1 512 555 0101' })).toHaveAttribute(
      'href',
      'tel:+15125550101',
    );
    expect(within(card).getByText('12 Elm Street')).toBeInTheDocument();
    expect(within(card).getByText('Austin, TX 78701')).toBeInTheDocument();
    expect(within(card).getByText('US')).toBeInTheDocument();
  });

  it('says when the other party has no address, and shows the API refusal', async () => {
    open({
      as: 'owner',
      booking: makeBooking({ status: 'in-progress' }),
      contact: {
        status: 200,
        body: {
          success: true,
          data: makeContact({
            userId: SITTER_ID,
            role: 'provider',
            firstName: 'Sam',
            lastName: 'Ortega',
            phone: null,
            address: null,
            city: null,
            state: null,
            zip: null,
            country: null,
          }),
        },
      },
    });
    await ready();
    const card = await screen.findByRole('region', { name: 'Contact details' });
    await within(card).findByText('Your sitter: Sam Ortega');
    expect(within(card).getByText(/No address on their profile yet/)).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    cleanup();

    open({
      as: 'owner',
      booking: makeBooking({ status: 'accepted' }),
      contact: { status: 409, body: { message: "The other party's account is closed" } },
    });
    await ready();
    const refused = await screen.findByRole('region', { name: 'Contact details' });
    expect(await within(refused).findByRole('alert')).toHaveTextContent(
      "The other party's account is closed",
    );
  });

  it('is neither shown nor asked for before acceptance or after the booking ends', async () => {
    for (const status of ['pending', 'completed', 'cancelled'] as const) {
      const calls = open({ as: 'owner', booking: makeBooking({ status }) });
      await ready();
      expect(screen.queryByRole('region', { name: 'Contact details' })).not.toBeInTheDocument();
      expect(contactCalls(calls)).toHaveLength(0);
      cleanup();
    }
  });

  it('is not asked for on the strength of a copy kept from earlier that the read proves stale', async () => {
    const calls = open({
      as: 'owner',
      kept: makeBooking({ status: 'in-progress' }),
      booking: makeBooking({ status: 'completed' }),
    });
    await screen.findByText(/completed/i, { selector: '.mantine-Badge-label' });
    expect(screen.queryByRole('region', { name: 'Contact details' })).not.toBeInTheDocument();
    expect(contactCalls(calls)).toHaveLength(0);
  });
});

describe('booking details: the Sitters panel of a direct request', () => {
  it('a direct request whose card payment was cancelled says no sitter was asked', async () => {
    const booking = makeBooking({ status: 'cancelled', provider_id: null, provider: null });
    open({
      as: 'owner',
      booking: { ...booking, payment: { ...booking.payment, status: 'cancelled' } },
      requests: [],
    });
    const panel = await screen.findByRole('region', { name: 'Sitters' });
    expect(
      await within(panel).findByText('The card payment was cancelled, so no sitter was asked.'),
    ).toBeInTheDocument();
  });

  it('an unpaid direct request names its sitter instead of saying nobody was asked', async () => {
    const booking = makeBooking({ status: 'pending' });
    open({
      as: 'owner',
      booking: { ...booking, payment: { ...booking.payment, status: 'awaiting' } },
      requests: [],
    });
    const panel = await screen.findByRole('region', { name: 'Sitters' });
    expect(
      await within(panel).findByText('Sam Ortega gets your request once it is paid.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No sitter has applied or been invited yet.')).toBeNull();
  });
});
