import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { Series } from '../bookings-api';
import {
  BOOKING_ID,
  makeBooking,
  makeOccurrences,
  makeSeries,
  OWNER_ID,
  SERIES_ID,
  SITTER_ID,
} from '../test/booking-factory';

const page = (data: unknown[]) => ({
  status: 200,
  body: {
    success: true,
    data,
    page: 1,
    limit: 50,
    total: data.length,
    totalPages: 1,
    hasMore: false,
  },
});
const seriesReply = (data: Series, message = 'ok') => ({
  status: 200,
  body: { success: true, message, data },
});

/** Three visits booked, the fourth skipped for a conflict; the first is BOOKING_ID. */
const accepted = makeSeries({
  status: 'accepted',
  occurrences: makeOccurrences(4, (i) =>
    i === 3
      ? { skipped: true, conflict: 'Sam is away' }
      : { bookingId: i === 0 ? BOOKING_ID : `${i}`.repeat(24), status: 'accepted' },
  ),
});
const occurrence = makeBooking({ status: 'accepted', seriesId: SERIES_ID });

describe("sitter's requests page: weekly series", () => {
  function open() {
    storeSession({ id: SITTER_ID, userType: 'provider' });
    let pending = [makeSeries()];
    const calls = mockFetch((call) => {
      if (call.url === '/api/booking/series?role=provider&status=pending')
        return { status: 200, body: { success: true, data: pending } };
      if (call.method === 'PUT' && call.url === `/api/booking/series/${SERIES_ID}/decision`) {
        pending = [];
        const decision = (call.body as { decision: string }).decision;
        return seriesReply(decision === 'accepted' ? accepted : makeSeries({ status: 'declined' }));
      }
      if (call.url.startsWith('/api/booking/requests/mine')) return page([]);
      return page([]);
    });
    renderApp('/request-page');
    return calls;
  }

  it('accepts the whole series and says how many bookings were made', async () => {
    const calls = open();
    const section = await screen.findByRole('region', { name: 'Weekly series requests' });
    const card = await within(section).findByRole('article', { name: 'Weekly dog walking series' });
    expect(card).toHaveTextContent('Mon at 09:00 for 1 hour');
    expect(card).toHaveTextContent('Owner: Olivia Bennett');
    expect(card).toHaveTextContent('4 visits');
    await userEvent.click(within(card).getByRole('button', { name: 'Accept series' }));
    expect(await screen.findByText('3 bookings created; 1 date skipped.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ decision: 'accepted' });
    await waitFor(() => expect(within(section).queryByRole('article')).toBeNull());
  });

  it('declines the whole series', async () => {
    const calls = open();
    const section = await screen.findByRole('region', { name: 'Weekly series requests' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Decline series' }));
    expect(await screen.findByText('Weekly series declined')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ decision: 'rejected' });
  });
});

describe('an occurrence of a weekly series', () => {
  function open(as: 'owner' | 'sitter') {
    storeSession(
      as === 'owner' ? { id: OWNER_ID, userType: 'user' } : { id: SITTER_ID, userType: 'provider' },
    );
    const calls = mockFetch((call) => {
      if (call.url === `/api/booking/${BOOKING_ID}`)
        return { status: 200, body: { booking: occurrence, reviews: [] } };
      if (call.url === `/api/booking/${BOOKING_ID}/requests`)
        return { status: 200, body: { success: true, providers: [] } };
      if (call.url === `/api/booking/series/${SERIES_ID}`) return seriesReply(accepted);
      if (call.method === 'POST' && call.url === `/api/booking/series/${SERIES_ID}/cancel`)
        return seriesReply(accepted, 'Cancelled');
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp(`/booking-details/${BOOKING_ID}`);
    return calls;
  }

  it('lists the series visits and cancels only this visit after the policy is shown', async () => {
    const calls = open('owner');
    const section = await screen.findByRole('region', { name: 'Part of a weekly series' });
    const visits = await within(section).findByRole('list', { name: 'Visits in this series' });
    const items = within(visits).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('(this visit)');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute(
      'href',
      `/booking-details/${'1'.repeat(24)}`,
    );
    expect(items[3]).toHaveTextContent('Skipped');
    // The one-off "Cancel booking" gives way to the series' two choices.
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Cancel this visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this visit?' });
    expect(dialog).toHaveTextContent(occurrence.cancellationPolicy);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel this visit' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        scope: 'occurrence',
        bookingId: BOOKING_ID,
      }),
    );
    // The dialog's button is gone and the Cancel buttons with the visit: the heading has the focus.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Part of a weekly series' })).toHaveFocus(),
    );
  });

  it('the sitter cancels the rest of the series', async () => {
    const calls = open('sitter');
    const section = await screen.findByRole('region', { name: 'Part of a weekly series' });
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Cancel the rest of the series' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the rest of the series?' });
    expect(dialog).toHaveTextContent('The 3 visits of this series not started yet');
    expect(dialog).toHaveTextContent(occurrence.cancellationPolicy);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the rest' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ scope: 'rest' }),
    );
  });
});

describe('an occurrence of a weekly series that has begun', () => {
  const MIN = 60_000;
  const begun = Date.now() - 10 * MIN;
  // This visit began 10 minutes ago (the sitter has not started it); two more follow weekly.
  const series = makeSeries({
    status: 'accepted',
    occurrences: makeOccurrences(3, (i) => {
      const start = begun + i * 7 * 86_400_000;
      return {
        startAt: new Date(start).toISOString(),
        endAt: new Date(start + 60 * MIN).toISOString(),
        bookingId: i === 0 ? BOOKING_ID : `${i}`.repeat(24),
        status: 'accepted',
      };
    }),
  });
  const visit = makeBooking({
    status: 'accepted',
    seriesId: SERIES_ID,
    startDate: series.occurrences[0]!.startAt,
    endDate: series.occurrences[0]!.endAt,
  });

  function open(as: 'owner' | 'sitter') {
    storeSession(
      as === 'owner' ? { id: OWNER_ID, userType: 'user' } : { id: SITTER_ID, userType: 'provider' },
    );
    mockFetch((call) => {
      if (call.url === `/api/booking/${BOOKING_ID}`)
        return { status: 200, body: { booking: visit, reviews: [] } };
      if (call.url === `/api/booking/series/${SERIES_ID}`) return seriesReply(series);
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp(`/booking-details/${BOOKING_ID}`);
  }

  it("is no longer the owner's to cancel, alone or with the rest", async () => {
    open('owner');
    const section = await screen.findByRole('region', { name: 'Part of a weekly series' });
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Cancel the rest of the series' }),
    );
    expect(within(section).queryByRole('button', { name: 'Cancel this visit' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the rest of the series?' });
    expect(dialog).toHaveTextContent('The 2 visits of this series not started yet');
  });

  it("is still its sitter's to cancel", async () => {
    open('sitter');
    const section = await screen.findByRole('region', { name: 'Part of a weekly series' });
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Cancel the rest of the series' }),
    );
    expect(within(section).getByRole('button', { name: 'Cancel this visit' })).toBeVisible();
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the rest of the series?' });
    expect(dialog).toHaveTextContent('The 3 visits of this series not started yet');
  });
});

describe('bookings list', () => {
  it('badges series occurrences and shows the series still waiting for the sitter', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    const calls = mockFetch((call) => {
      if (call.url === '/api/booking/series?role=owner&status=pending')
        return { status: 200, body: { success: true, data: [makeSeries()] } };
      if (call.url.startsWith('/api/booking/series'))
        return seriesReply(makeSeries({ status: 'cancelled' }), 'Series cancelled');
      return page([occurrence, makeBooking({ _id: '7'.repeat(24), id: '7'.repeat(24) })]);
    });
    renderApp('/bookings');
    const waiting = await screen.findByRole('region', {
      name: 'Weekly series waiting for the sitter',
    });
    expect(within(waiting).getByRole('article')).toHaveTextContent('Sitter: Sam Ortega');
    const cards = await screen.findAllByRole('article', { name: 'Dog walking booking' });
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Weekly series');
    expect(cards[1]).not.toHaveTextContent('Weekly series');

    await userEvent.click(within(waiting).getByRole('button', { name: 'Withdraw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this weekly request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, withdraw' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: `/api/booking/series/${SERIES_ID}/cancel`,
        body: { scope: 'rest' },
      }),
    );
  });
});
