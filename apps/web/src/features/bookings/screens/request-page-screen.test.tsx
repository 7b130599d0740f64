import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, type FetchCall } from '../../../test/fetch-mock';
import { pageFrom, stubIntersectionObserver } from '../../../test/paging';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { Booking, MyRequest } from '../bookings-api';
import { BOOKING_ID, makeBooking, makeRequest, OWNER_ID, SITTER_ID } from '../test/booking-factory';

const APPLIED_ID = '3'.repeat(24);
const OPEN_ID = '4'.repeat(24);
const DECLINED_ID = '5'.repeat(24);
const FREE_ID = '6'.repeat(24);

/** An open booking in the feed (no sitter yet). */
const openBooking = (id: string, extra: Parameters<typeof makeBooking>[0] = {}) =>
  makeBooking({ _id: id, id, provider_id: null, provider: null, ...extra });

/** A request as /requests/mine answers it: a lost one carries only what the sitter applied for. */
function mine(bookingId: string, overrides: Partial<MyRequest> = {}): MyRequest {
  const b = openBooking(bookingId);
  const request = makeRequest({ _id: `${bookingId.slice(0, 23)}9`, bookingId, ...overrides });
  if (request.state !== 'pending' && request.state !== 'accepted') {
    const { _id, service, startDate, endDate, owner } = b;
    return { ...request, booking: { _id, service, startDate, endDate, owner, price: null } };
  }
  return {
    ...request,
    booking: {
      _id: b._id,
      service: b.service,
      startDate: b.startDate,
      endDate: b.endDate,
      status: b.status,
      owner: b.owner,
      price: b.price,
      pets: b.pets,
      notes: b.notes,
    },
  };
}

const page = <T,>(data: T[]) => ({
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

let requests: MyRequest[];
let feed: Booking[];

function open(): FetchCall[] {
  storeSession({ id: SITTER_ID, userType: 'provider' });
  const calls = mockFetch((call) => {
    if (call.url.startsWith('/api/booking/series'))
      return { status: 200, body: { success: true, data: [] } };
    if (call.url.startsWith('/api/booking/requests/mine')) return page(requests);
    if (call.url.startsWith('/api/booking/provider/in-progress')) return page([]);
    if (call.url.startsWith('/api/booking/?')) return page(feed);
    if (call.method === 'DELETE' && call.url === `/api/booking/${APPLIED_ID}/send-request`) {
      requests = requests.map((r) =>
        r.bookingId === APPLIED_ID ? { ...r, state: 'withdrawn' } : r,
      );
      return { status: 200, body: { success: true, message: 'Request withdrawn', data: {} } };
    }
    if (call.method === 'POST' && call.url === `/api/booking/${OPEN_ID}/send-request`) {
      const applied = mine(OPEN_ID, { initiatedBy: 'provider', state: 'pending' });
      requests = [applied, ...requests];
      return { status: 201, body: { success: true, message: 'Request sent', data: applied } };
    }
    if (call.method === 'PUT' && call.url === `/api/booking/accept/${BOOKING_ID}`)
      return { status: 200, body: { success: true, message: 'ok', data: makeBooking() } };
    return { status: 404, body: { message: 'Not found' } };
  });
  router = renderApp('/request-page').router;
  return calls;
}
let router: ReturnType<typeof renderApp>['router'];

const region = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  // Toasts outlive a test (their store is global): each test starts without any.
  notifications.clean();
  requests = [
    mine(APPLIED_ID, { initiatedBy: 'provider', state: 'pending' }),
    mine(BOOKING_ID, { initiatedBy: 'owner', state: 'pending' }),
    mine(DECLINED_ID, { initiatedBy: 'provider', state: 'rejected' }),
  ];
  feed = [openBooking(APPLIED_ID), openBooking(OPEN_ID), openBooking(BOOKING_ID)];
});

describe('request board', () => {
  it('says an accepted application whose booking was then cancelled is over', async () => {
    const accepted = mine(APPLIED_ID, { initiatedBy: 'provider', state: 'accepted' });
    requests = [{ ...accepted, booking: { ...accepted.booking, status: 'cancelled' } }];
    open();
    await screen.findByRole('heading', { name: 'My applications' });
    const [card] = within(region('My applications')).getAllByRole('article');
    expect(card).toHaveTextContent('Accepted, then cancelled');
    expect(card).not.toHaveTextContent('Accepted by the owner');
  });

  it('reads invitations and applications from /requests/mine, not per booking', async () => {
    const calls = open();
    await screen.findByRole('heading', { name: 'My applications' });
    const invitations = within(region('Invitations')).getAllByRole('article');
    expect(invitations).toHaveLength(1);
    expect(within(invitations[0]!).getByRole('link')).toHaveAttribute(
      'href',
      `/booking-details/${BOOKING_ID}`,
    );
    expect(within(invitations[0]!).getByRole('button', { name: 'Accept' })).toBeEnabled();
    // What the sitter decides on: how many pets and the owner's notes.
    expect(invitations[0]).toHaveTextContent('1 pet');
    expect(invitations[0]).toHaveTextContent('Biscuit pulls on the lead');

    const applications = within(region('My applications')).getAllByRole('article');
    expect(applications).toHaveLength(2);
    expect(applications[0]).toHaveTextContent('Applied, waiting for the owner');
    expect(within(applications[0]!).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
    expect(applications[1]).toHaveTextContent('Declined by the owner');
    expect(within(applications[1]!).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    // A lost booking's page is closed to the sitter: its card names the service without a link.
    expect(within(applications[1]!).getByText('Dog walking')).toBeInTheDocument();
    expect(within(applications[1]!).queryByRole('link')).toBeNull();
    // The link names the booking's dates too (every card's service link would read the same).
    expect(
      within(applications[0]!).getByRole('link', { name: /^Dog walking, \w{3} \d+ \w{3} \d{4}/ }),
    ).toHaveAttribute('href', `/booking-details/${APPLIED_ID}`);

    // Open nearby: the invitation is not repeated; the applied one carries its state.
    const openCards = within(region('Open requests nearby')).getAllByRole('article');
    expect(openCards).toHaveLength(2);
    expect(openCards[0]).toHaveTextContent('Applied, waiting for the owner');
    expect(within(openCards[1]!).getByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(openCards[1]).toHaveTextContent('Biscuit pulls on the lead');

    const urls = calls.map((c) => c.url);
    expect(urls).toContain('/api/booking/requests/mine?limit=100');
    expect(urls.some((u) => /\/api\/booking\/[a-f0-9]{24}\/requests/.test(u))).toBe(false);
  });

  it('writes the distance after the owner on one line, with no stray separator', async () => {
    feed = [openBooking(OPEN_ID, { distanceKm: 2 })];
    open();
    await screen.findByRole('heading', { name: 'Open requests nearby' });
    const [card] = await within(region('Open requests nearby')).findAllByRole('article');
    expect(within(card!).getByText(/^Owner: .+ · 2 km away$/)).toBeInTheDocument();
    expect(within(card!).queryByText(/^·/)).toBeNull();
  });

  it("names the kinds of an open booking's pets, what a sitter decides on", async () => {
    feed = [
      openBooking(OPEN_ID, {
        pets: ['p1', 'p2'],
        petKinds: ['dog', 'cat'],
      }),
    ];
    open();
    const [card] = await within(
      await screen.findByRole('region', { name: 'Open requests nearby' }),
    ).findAllByRole('article');
    expect(within(card!).getByText('2 pets (dog, cat)')).toBeInTheDocument();
  });

  it('says why instead of offering Apply on an open booking the calendar rules out', async () => {
    const away = 'You are away from Mon 21 Dec 2026 to Wed 23 Dec 2026';
    feed = [
      openBooking(OPEN_ID, {
        cannotApply: { reason: 'calendar', message: away },
      }),
      openBooking(FREE_ID),
    ];
    open();
    const [ruledOut, free] = await within(
      await screen.findByRole('region', { name: 'Open requests nearby' }),
    ).findAllByRole('article');
    expect(
      within(ruledOut!).getByText(`${away}, so you cannot apply.`, { exact: false }),
    ).toBeInTheDocument();
    expect(within(ruledOut!).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(within(ruledOut!).getByRole('link', { name: 'Your calendar' })).toHaveAttribute(
      'href',
      '/profile#profile-calendar',
    );
    expect(within(free!).getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  it('says why instead of offering Apply on an open booking with a kind of pet not taken', async () => {
    const message =
      'This booking includes a cat, not among the pets you take. Add it to the pets you take in your profile to apply.';
    feed = [
      openBooking(OPEN_ID, {
        cannotApply: { reason: 'pets', message },
      }),
    ];
    open();
    const [card] = await within(
      await screen.findByRole('region', { name: 'Open requests nearby' }),
    ).findAllByRole('article');
    expect(within(card!).getByText(message, { exact: false })).toBeInTheDocument();
    expect(within(card!).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(within(card!).getByRole('link', { name: 'Your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('says why instead of offering Accept on an invitation the calendar rules out; Reject stays', async () => {
    const booked = 'You already have a booking from Mon 21 Dec 2026 09:00 to 11:00';
    requests = [
      mine(BOOKING_ID, {
        initiatedBy: 'owner',
        state: 'pending',
        cannotAccept: { reason: 'calendar', message: booked },
      }),
    ];
    open();
    const [card] = await within(
      await screen.findByRole('region', { name: 'Invitations' }),
    ).findAllByRole('article');
    expect(
      within(card!).getByText(`${booked}, so you cannot accept it.`, { exact: false }),
    ).toBeInTheDocument();
    expect(within(card!).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('accepts an invitation and refreshes the board', async () => {
    const calls = open();
    const card = (await screen.findAllByRole('button', { name: 'Accept' }))[0]!;
    requests = requests.filter((r) => r.bookingId !== BOOKING_ID);
    await userEvent.click(card);
    await waitFor(() =>
      expect(within(region('Invitations')).queryAllByRole('article')).toHaveLength(0),
    );
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ providerId: SITTER_ID, decision: 'accepted' });
  });

  it('says what accepting did, with a way to the booking', async () => {
    open();
    const accept = (await screen.findAllByRole('button', { name: 'Accept' }))[0]!;
    requests = requests.filter((r) => r.bookingId !== BOOKING_ID);
    await userEvent.click(accept);
    expect(await screen.findByText('Invitation accepted')).toBeInTheDocument();
    expect(screen.getByText(/You are booked for/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'View the booking' });
    expect(link).toHaveAttribute('href', `/booking-details/${BOOKING_ID}`);
    await userEvent.click(link);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking-details/${BOOKING_ID}`),
    );
  });

  it('asks before declining an invitation, then says so and puts focus on the list heading', async () => {
    const calls = open();
    await screen.findByRole('heading', { name: 'Invitations' });
    const invitation = within(region('Invitations')).getAllByRole('article')[0]!;
    await userEvent.click(within(invitation).getByRole('button', { name: 'Reject' }));

    const dialog = await screen.findByRole('dialog', {
      name: "Decline Olivia Bennett's invitation?",
    });
    expect(dialog).toHaveTextContent('The request is declined and Olivia Bennett is told');
    expect(dialog).toHaveTextContent("the owner's payment is refunded");
    const keep = within(dialog).getByRole('button', { name: 'Keep invitation' });
    await waitFor(() => expect(keep).toHaveFocus());
    await userEvent.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.click(within(invitation).getByRole('button', { name: 'Reject' }));
    const again = await screen.findByRole('dialog', { name: /^Decline Olivia Bennett/ });
    requests = requests.filter((r) => r.bookingId !== BOOKING_ID);
    await userEvent.click(within(again).getByRole('button', { name: 'Decline' }));

    expect(await screen.findByText('Invitation declined')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^You declined Olivia Bennett's dog walking booking, .+\. The owner is told\.$/,
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(region('Invitations')).queryAllByRole('article')).toHaveLength(0),
    );
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { providerId: SITTER_ID, decision: 'rejected' },
    ]);
    // Focus stays on the heading (Mantine's focus return runs 10 ms after the dialog closes).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'Invitations' })).toHaveFocus();
  });

  it("after Apply, focus goes to the card's new state, not to <body>", async () => {
    open();
    await screen.findByRole('heading', { name: 'Open requests nearby' });
    const card = (await within(region('Open requests nearby')).findAllByRole('article'))[1]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Apply' }));
    const state = await within(card).findByText('Applied, waiting for the owner');
    await waitFor(() => expect(state.closest('[tabindex="-1"]')).toHaveFocus());
  });

  it('when Apply fails, focus goes to the alert saying why, so Tab carries on from there', async () => {
    open();
    mockFetch((call) => {
      if (call.method === 'POST')
        return { status: 409, body: { message: 'You are away from 10 Dec to 12 Dec' } };
      if (call.url.startsWith('/api/booking/requests/mine')) return page(requests);
      return page(call.url.startsWith('/api/booking/?') ? feed : []);
    });
    await screen.findByRole('heading', { name: 'Open requests nearby' });
    const card = (await within(region('Open requests nearby')).findAllByRole('article'))[1]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You are away from 10 Dec to 12 Dec');
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('withdraws a pending application after confirmation, then refreshes', async () => {
    const calls = open();
    await screen.findByRole('heading', { name: 'My applications' });
    const application = within(region('My applications')).getAllByRole('article')[0]!;
    await userEvent.click(within(application).getByRole('button', { name: 'Withdraw' }));

    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your application?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep application' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(application).getByRole('button', { name: 'Withdraw' }));
    const again = await screen.findByRole('dialog', { name: 'Withdraw your application?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Yes, withdraw' }));

    await waitFor(() =>
      expect(within(region('My applications')).getAllByRole('article')[0]).toHaveTextContent(
        'Withdrawn',
      ),
    );
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => c.url)).toEqual([`/api/booking/${APPLIED_ID}/send-request`]);
    expect(calls.filter((c) => c.url.startsWith('/api/booking/requests/mine'))).toHaveLength(2);
    // The open list is read again too: a booking withdrawn from is no longer open to this sitter.
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/booking/?'))).toHaveLength(2),
    );
    expect(
      within(region('My applications')).queryByRole('button', { name: 'Withdraw' }),
    ).toBeNull();
  });

  it('shows the server message when a withdrawal fails', async () => {
    open();
    mockFetch((call) => {
      if (call.method === 'DELETE')
        return { status: 409, body: { message: 'This request is already accepted' } };
      if (call.url.startsWith('/api/booking/requests/mine')) return page(requests);
      return page(call.url.startsWith('/api/booking/?') ? feed : []);
    });
    await screen.findByRole('heading', { name: 'My applications' });
    await userEvent.click(
      within(region('My applications')).getByRole('button', { name: 'Withdraw' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This request is already accepted');
  });

  it('loads more open requests and stays in progress page by page, until the end', async () => {
    const io = stubIntersectionObserver();
    const booking = (i: number, status: Booking['status']) => {
      const id = `${status === 'pending' ? 'a' : 'b'}${String(i).padStart(23, '0')}`;
      const owner = {
        _id: OWNER_ID,
        id: OWNER_ID,
        firstName: 'Owner',
        lastName: `${i + 1}`,
        image: null,
      };
      return makeBooking({ _id: id, id, status, owner, provider_id: null, provider: null });
    };
    const openAll = Array.from({ length: 25 }, (_, i) => booking(i, 'pending'));
    const stays = Array.from({ length: 21 }, (_, i) => booking(i, 'in-progress'));
    storeSession({ id: SITTER_ID, userType: 'provider' });
    const calls = mockFetch((call) => {
      if (call.url.startsWith('/api/booking/series'))
        return { status: 200, body: { success: true, data: [] } };
      if (call.url.startsWith('/api/booking/requests/mine')) return page([]);
      const all = call.url.startsWith('/api/booking/provider/in-progress') ? stays : openAll;
      return { status: 200, body: { success: true, ...pageFrom(all, call.url) } };
    });
    renderApp('/request-page');
    const cards = (name: string) => within(region(name)).queryAllByRole('article');
    await waitFor(() => expect(cards('Open requests nearby')).toHaveLength(20));
    await waitFor(() => expect(cards('In progress')).toHaveLength(20));

    await io.scrollToEnd();
    await waitFor(() => expect(cards('Open requests nearby')).toHaveLength(25));
    await waitFor(() => expect(cards('In progress')).toHaveLength(21));
    expect(cards('Open requests nearby')[24]).toHaveTextContent('Owner: Owner 25');
    expect(cards('In progress')[20]).toHaveTextContent('Owner: Owner 21');
    expect(screen.getByText('No more open requests')).toBeInTheDocument();
    expect(screen.getByText('No more bookings in progress')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const urls = calls.map((c) => c.url);
    expect(urls).toContain('/api/booking/?status=pending&page=2&limit=20');
    expect(urls).toContain('/api/booking/provider/in-progress?status=in-progress&page=2&limit=20');
    expect(urls.filter((u) => u.includes('page=3'))).toEqual([]);
  });
});
