import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type FetchCall } from '../../../test/fetch-mock';
import { makePet } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { BookingState } from '../booking-slice';
import type { SeriesPreview } from '../bookings-api';
import {
  makeOccurrences,
  makeSeries,
  makeSeriesPreview,
  OWNER_ID,
  SITTER_ID,
} from '../test/booking-factory';
import { WEEKDAYS } from '../lib/series-form-model';

const PET_ID = 'e'.repeat(24);
const CONFLICT = 'Sam is away (holiday) on this day';

// The form comes back with the service and pet chosen, as after "Back" from checkout.
const bookingState: BookingState = {
  status: 'idle',
  items: [],
  current: null,
  reviews: [],
  error: null,
  draft: {
    service: 'dog-walking',
    pets: [PET_ID],
    startDate: '2030-05-01T09:00:00.000Z',
    endDate: '2030-05-01T11:00:00.000Z',
    notes: '',
    providerId: SITTER_ID,
    inviteProviderIds: [],
  },
};

const withConflict = (): SeriesPreview =>
  makeSeriesPreview({
    occurrences: makeOccurrences(4, (i) => (i === 1 ? { conflict: CONFLICT } : {})),
    totalCents: 7500,
    creditsBalance: 0,
  });

function serve(
  preview: SeriesPreview,
  create?: (call: FetchCall) => { status: number; body: object },
) {
  return mockFetch((call) => {
    if (call.url === `/api/pets/user/${OWNER_ID}`)
      return {
        status: 200,
        body: { success: true, result: [makePet({ _id: PET_ID, userId: OWNER_ID })] },
      };
    if (call.url === '/api/booking/series/preview')
      return { status: 200, body: { success: true, data: preview } };
    if (call.url === '/api/booking/series' && call.method === 'POST')
      return (
        create?.(call) ?? {
          status: 201,
          body: {
            success: true,
            message: 'Series requested',
            data: makeSeries(),
            checkoutUrl: null,
          },
        }
      );
    if (call.url.startsWith('/api/booking/series'))
      return { status: 200, body: { success: true, data: [] } };
    if (call.url.startsWith('/api/booking/user'))
      return {
        status: 200,
        body: {
          success: true,
          data: [],
          page: 1,
          limit: 50,
          total: 0,
          totalPages: 0,
          hasMore: false,
        },
      };
    return { status: 404, body: { message: 'Not found' } };
  });
}

async function openWeekly() {
  storeSession({ id: OWNER_ID, userType: 'user' });
  const view = renderApp(`/request-form?providerId=${SITTER_ID}`, { booking: bookingState });
  await screen.findByRole('checkbox', { name: 'Biscuit (dog)' });
  await userEvent.click(screen.getByRole('radio', { name: 'Repeat weekly' }));
  return view;
}

describe('request form: repeat weekly', () => {
  it('previews every visit with its conflict and the total, and sends the choice to skip', async () => {
    const calls = serve(withConflict());
    const { router } = await openWeekly();
    const weekdays = screen.getByRole('group', { name: 'Weekdays' });
    const added = within(weekdays).getAllByRole('checkbox', { checked: false })[0]!;
    const addedDay = WEEKDAYS.find((d) => d.long === added.getAttribute('aria-label'))!.value;
    await userEvent.click(added);
    await userEvent.click(screen.getByRole('button', { name: 'Preview the visits' }));

    const table = await screen.findByRole('table', { name: 'Visits in this series' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Conflict');
    expect(rows[1]).toHaveTextContent(CONFLICT);
    expect(rows[0]).toHaveTextContent('Free');
    expect(rows[0]).toHaveTextContent('$25.00');
    const price = screen.getByRole('group', { name: 'Series price' });
    expect(price).toHaveTextContent('$25.00 × 1 hour per visit');
    expect(price).toHaveTextContent('3 visits$75.00');
    expect(price).toHaveTextContent('Total due$75.00');
    // No credits to apply: no "Credits applied −$0.00" line.
    expect(price).not.toHaveTextContent('Credits applied');

    const preview = calls.find((c) => c.url === '/api/booking/series/preview');
    expect(preview?.body).toMatchObject({
      provider_id: SITTER_ID,
      service: 'dog-walking',
      pets: [PET_ID],
      time: '09:00',
      durationMinutes: 60,
    });
    expect((preview?.body as { weekdays: number[] }).weekdays).toHaveLength(2);
    expect((preview?.body as { weekdays: number[] }).weekdays).toContain(addedDay);

    // Nothing is sent with a conflict in it until the owner chooses to skip it.
    const pay = screen.getByRole('button', { name: 'Pay $75.00 by card' });
    expect(pay).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Skip the 1 conflicting date' }));
    expect(pay).toBeEnabled();
    await userEvent.click(pay);

    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings'));
    const sent = calls.find((c) => c.url === '/api/booking/series' && c.method === 'POST');
    expect(sent?.body).toMatchObject({ skipConflicts: true, creditsToApply: 0 });
    expect(await screen.findByText('Weekly request sent')).toBeInTheDocument();
  });

  it('checks the pattern before asking the server', async () => {
    const calls = serve(makeSeriesPreview());
    await openWeekly();
    // Untick the default weekday: none left.
    const weekdays = screen.getByRole('group', { name: 'Weekdays' });
    await userEvent.click(within(weekdays).getByRole('checkbox', { checked: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview the visits' }));
    expect(await screen.findByText('Choose at least one weekday')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/booking/series'))).toBe(false);
  });

  it('a changed pattern drops the preview; a 409 on send shows the new conflicts', async () => {
    serve(makeSeriesPreview(), () => ({
      status: 409,
      body: {
        message: "1 of 4 occurrences collide with the sitter's calendar",
        occurrences: makeOccurrences(4, (i) => (i === 3 ? { conflict: CONFLICT } : {})),
      },
    }));
    await openWeekly();
    await userEvent.click(screen.getByRole('button', { name: 'Preview the visits' }));
    await screen.findByRole('table', { name: 'Visits in this series' });
    await userEvent.click(screen.getByRole('button', { name: 'Pay $100.00 by card' }));
    expect(await screen.findByText(/1 of 4 occurrences collide/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Skip the 1 conflicting date' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'After a number of visits' }));
    expect(screen.queryByRole('table', { name: 'Visits in this series' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Preview the visits' })).toBeEnabled();
  });
});
