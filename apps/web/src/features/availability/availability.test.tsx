import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, type FetchCall } from '../../test/fetch-mock';
import { FIXTURE_USER_ID, makeCalendar, makeProfile } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import type { CalendarWire } from '@pawsy/contract';

type Reply = { status: number; body?: unknown };

/** The profile screen of a sitter offering walks and boarding, with `calendar` behind it. */
function renderSitterProfile(calendar: CalendarWire, reply: (call: FetchCall) => Reply | null) {
  storeSession({ id: FIXTURE_USER_ID, userType: 'provider' });
  const profile = makeProfile({ primary_services: ['dog-walking', 'boarding'] });
  const calls = mockFetch((call) => {
    const answer = reply(call);
    if (answer) return answer;
    if (call.url === '/api/user/user-profile')
      return { status: 200, body: { success: true, data: profile, user: profile } };
    if (call.url === '/api/availability' && call.method === 'GET')
      return { status: 200, body: { success: true, data: calendar } };
    return { status: 200, body: { success: true, allNotifications: [] } };
  });
  renderApp('/profile');
  return calls;
}

// Toasts live in a module-wide store: one test's must not answer the next test's query.
afterEach(() => act(() => notifications.clean()));

const section = () => screen.findByRole('region', { name: 'Your calendar' });

describe('sitter calendar editor on /profile', () => {
  it('shows next free dates and saves the time zone, weekly hours and capacity', async () => {
    const calls = renderSitterProfile(makeCalendar(), (call) =>
      call.method === 'PUT' ? { status: 200, body: { success: true } } : null,
    );
    const calendar = await section();
    const user = userEvent.setup();
    expect(within(calendar).getByText('Free: Thu 26 Nov, Fri 27 Nov')).toBeInTheDocument();
    expect(within(calendar).getByRole('combobox', { name: 'Time zone' })).toHaveValue(
      'America/Chicago',
    );
    expect(within(calendar).getByText(/No hours set/)).toBeInTheDocument();

    await user.click(within(calendar).getByRole('button', { name: 'Add hours on Monday' }));
    await user.click(within(calendar).getByRole('button', { name: 'Add hours on Friday' }));
    fireEvent.change(within(calendar).getByLabelText('Friday window 1 from'), {
      target: { value: '22:00' },
    });
    fireEvent.change(within(calendar).getByLabelText('Friday window 1 to'), {
      target: { value: '02:00' },
    });
    const friday = within(calendar).getByRole('group', { name: 'Friday hours' });
    expect(within(friday).getByText('past midnight')).toBeInTheDocument();
    expect(within(calendar).queryByLabelText(/Pet sitting/)).not.toBeInTheDocument();
    const boarding = within(calendar).getByLabelText('Boarding: bookings at once');
    await user.clear(boarding);
    await user.type(boarding, '3');
    await user.click(within(calendar).getByRole('button', { name: 'Save hours and capacity' }));

    expect(await screen.findByText('Your calendar is saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/availability');
    expect(put.body).toEqual({
      timeZone: 'America/Chicago',
      schedule: [
        { day: 1, start: '09:00', end: '17:00' },
        { day: 5, start: '22:00', end: '02:00' },
      ],
      capacities: { boarding: 3 },
    });
  });

  it('keeps the focus on Save once the form is made anew from what was saved', async () => {
    let stored = makeCalendar();
    renderSitterProfile(stored, (call) => {
      if (call.method === 'PUT') {
        const body = call.body as Pick<CalendarWire, 'schedule'>;
        stored = { ...stored, schedule: body.schedule };
        return { status: 200, body: { success: true } };
      }
      if (call.url === '/api/availability')
        return { status: 200, body: { success: true, data: stored } };
      return null;
    });
    const calendar = await section();
    const user = userEvent.setup();
    await user.click(within(calendar).getByRole('button', { name: 'Add hours on Monday' }));
    within(calendar).getByRole('button', { name: 'Save hours and capacity' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Your calendar is saved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(calendar).getByRole('button', { name: 'Save hours and capacity' }),
      ).toHaveFocus(),
    );
  });

  it('keeps each weekday name whole (no "Wednesda/y")', async () => {
    renderSitterProfile(makeCalendar(), () => null);
    const calendar = await section();
    const wednesday = within(calendar).getByRole('group', { name: 'Wednesday hours' });
    const name = within(wednesday).getByText('Wednesday');
    expect(name).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(name.style.width).toBe('');
  });

  it('refuses a window whose start equals its end, without calling the API', async () => {
    const calls = renderSitterProfile(
      makeCalendar({ schedule: [{ day: 2, start: '08:00', end: '12:00' }] }),
      () => null,
    );
    const calendar = await section();
    fireEvent.change(within(calendar).getByLabelText('Tuesday window 1 to'), {
      target: { value: '08:00' },
    });
    await userEvent
      .setup()
      .click(within(calendar).getByRole('button', { name: 'Save hours and capacity' }));
    expect(await within(calendar).findByRole('alert')).toHaveTextContent(
      'Weekly hours, Tuesday: a window must end after it starts',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('starts a second window of a day after the first, so it does not overlap it', async () => {
    const calls = renderSitterProfile(
      makeCalendar({ schedule: [{ day: 3, start: '09:00', end: '17:00' }] }),
      (call) => (call.method === 'PUT' ? { status: 200, body: { success: true } } : null),
    );
    const calendar = await section();
    const user = userEvent.setup();
    const times = (n: number) =>
      ['from', 'to'].map((end) =>
        within(calendar).getByLabelText<HTMLInputElement>(`Wednesday window ${n} ${end}`),
      );
    await user.click(within(calendar).getByRole('button', { name: 'Add hours on Wednesday' }));
    expect(times(2).map((input) => input.value)).toEqual(['17:00', '18:00']);
    fireEvent.change(times(2)[1]!, { target: { value: '23:00' } });
    await user.click(within(calendar).getByRole('button', { name: 'Add hours on Wednesday' }));
    // Only 23:00–24:00 is left of the day: the new window is left for the sitter to fill in.
    expect(times(3).map((input) => input.value)).toEqual(['', '']);
    await user.click(within(calendar).getByRole('button', { name: 'Remove Wednesday window 3' }));
    // Its row went with the button: the focus is on the day's "Add hours", not on <body>.
    await waitFor(() =>
      expect(
        within(calendar).getByRole('button', { name: 'Add hours on Wednesday' }),
      ).toHaveFocus(),
    );
    await user.click(within(calendar).getByRole('button', { name: 'Save hours and capacity' }));
    expect(await screen.findByText('Your calendar is saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      schedule: [
        { day: 3, start: '09:00', end: '17:00' },
        { day: 3, start: '17:00', end: '23:00' },
      ],
    });
  });

  it('refuses the same hours twice on one day, without calling the API', async () => {
    const calls = renderSitterProfile(
      makeCalendar({
        schedule: [
          { day: 1, start: '09:00', end: '17:00' },
          { day: 1, start: '09:00', end: '17:00' },
        ],
      }),
      () => null,
    );
    const calendar = await section();
    await userEvent
      .setup()
      .click(within(calendar).getByRole('button', { name: 'Save hours and capacity' }));
    expect(await within(calendar).findByRole('alert')).toHaveTextContent(
      'Weekly hours: These hours overlap Monday 09:00–17:00',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('adds a blocked range picked in the date picker and removes another', async () => {
    const first = dayjs().add(1, 'month').date(10);
    const last = first.add(6, 'day');
    const calls = renderSitterProfile(
      makeCalendar({
        blocks: [
          { _id: 'b1', id: 'b1', startDate: '2027-01-04', endDate: '2027-01-08', note: 'Ski trip' },
        ],
      }),
      (call) => {
        if (call.method === 'POST') return { status: 201, body: { success: true, data: {} } };
        if (call.method === 'DELETE') return { status: 200, body: { success: true } };
        return null;
      },
    );
    const calendar = await section();
    const user = userEvent.setup();
    const blocked = within(calendar).getByRole('list', { name: 'Blocked dates' });
    expect(within(blocked).getByText('Mon 4 Jan – Fri 8 Jan 2027 · Ski trip')).toBeInTheDocument();

    await user.click(within(calendar).getByRole('button', { name: 'Dates to block' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: first.format('D MMMM YYYY') }));
    await user.click(screen.getByRole('button', { name: last.format('D MMMM YYYY') }));
    await user.type(within(calendar).getByLabelText('Note (optional)'), 'Holiday');
    await user.click(within(calendar).getByRole('button', { name: 'Block dates' }));
    expect(await screen.findByText('Dates blocked')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/availability/blocks');
    expect(post.body).toEqual({
      startDate: first.format('YYYY-MM-DD'),
      endDate: last.format('YYYY-MM-DD'),
      note: 'Holiday',
    });

    await user.click(
      within(blocked).getByRole('button', {
        name: 'Remove blocked dates Mon 4 Jan – Fri 8 Jan 2027',
      }),
    );
    expect(await screen.findByText('Blocked dates removed')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/availability/blocks/b1');
    // The only row went with its button: the focus goes to the field for new dates.
    await waitFor(() => expect(within(calendar).getByLabelText('Dates to block')).toHaveFocus());
  });

  it('lists the accepted bookings a 409 names, each linking to its details', async () => {
    const day = dayjs().add(1, 'month').date(12);
    renderSitterProfile(makeCalendar(), (call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              message: '1 accepted booking falls on these dates; cancel or complete it first',
              bookings: [
                {
                  id: 'bbbbbbbbbbbbbbbbbbbbbb07',
                  service: 'boarding',
                  startAt: day.hour(9).toISOString(),
                  endAt: day.add(2, 'day').hour(9).toISOString(),
                  status: 'accepted',
                },
              ],
            },
          }
        : null,
    );
    const calendar = await section();
    const user = userEvent.setup();
    await user.click(within(calendar).getByRole('button', { name: 'Dates to block' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: day.format('D MMMM YYYY') }));
    await user.click(screen.getByRole('button', { name: day.format('D MMMM YYYY') }));
    await user.click(within(calendar).getByRole('button', { name: 'Block dates' }));
    const alert = await within(calendar).findByRole('alert');
    expect(alert).toHaveTextContent('Settle these bookings first');
    expect(alert).toHaveTextContent('1 accepted booking falls on these dates');
    const link = within(alert).getByRole('link', { name: /Boarding/ });
    expect(link).toHaveAttribute('href', '/booking-details/bbbbbbbbbbbbbbbbbbbbbb07');
    expect(screen.queryByText('Dates blocked')).not.toBeInTheDocument();
  });

  it('shows the bookings a time zone change would put under a blocked range', async () => {
    renderSitterProfile(
      makeCalendar({
        blocks: [{ _id: 'b1', id: 'b1', startDate: '2027-01-04', endDate: '2027-01-08', note: '' }],
      }),
      (call) =>
        call.method === 'PUT'
          ? {
              status: 409,
              body: {
                message: 'The blocked dates would then cover 1 accepted booking; settle it first',
                bookings: [
                  {
                    id: 'bbbbbbbbbbbbbbbbbbbbbb09',
                    service: 'dog-walking',
                    startAt: '2027-01-04T02:00:00.000Z',
                    endAt: '2027-01-04T03:00:00.000Z',
                    status: 'accepted',
                  },
                ],
              },
            }
          : null,
    );
    const calendar = await section();
    const user = userEvent.setup();
    await user.click(within(calendar).getByRole('combobox', { name: 'Time zone' }));
    await user.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));
    await user.click(within(calendar).getByRole('button', { name: 'Save hours and capacity' }));
    const alert = await within(calendar).findByRole('alert');
    expect(alert).toHaveTextContent('would then cover 1 accepted booking');
    expect(within(alert).getByRole('link', { name: /Dog walking/ })).toHaveAttribute(
      'href',
      '/booking-details/bbbbbbbbbbbbbbbbbbbbbb09',
    );
    expect(screen.queryByText('Your calendar is saved.')).not.toBeInTheDocument();
  });

  it('proposes the browser time zone when the calendar was never saved', async () => {
    renderSitterProfile(makeCalendar({ timeZone: 'UTC', nextFreeDates: [] }), () => null);
    const calendar = await section();
    expect(within(calendar).getByRole('combobox', { name: 'Time zone' })).toHaveValue(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect(within(calendar).getByText('No free dates in the next 60 days')).toBeInTheDocument();
  });

  it('is not shown to pet owners', async () => {
    storeSession({ id: FIXTURE_USER_ID, userType: 'user' });
    const owner = makeProfile({ userType: 'user', role: 'user' });
    const calls = mockFetch(({ url }) =>
      url === '/api/user/user-profile'
        ? { status: 200, body: { success: true, data: owner } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/profile');
    await screen.findByRole('button', { name: 'Save profile' });
    expect(screen.queryByRole('region', { name: 'Your calendar' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/availability'))).toBe(false);
  });
});
