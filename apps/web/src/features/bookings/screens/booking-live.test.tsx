import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import {
  dropAndReconnect,
  liveStreamOpened,
  pushNotification,
  stubEventSource,
  streamTicketReply,
} from '../../../test/fake-event-source';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { Booking, BookingRequest, MyRequest } from '../bookings-api';
import { BOOKING_ID, makeBooking, makeRequest, OWNER_ID, SITTER_ID } from '../test/booking-factory';

const emptyList = { status: 200, body: { success: true, allNotifications: [] } };
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

let booking: Booking;
let requests: BookingRequest[];

function openOwnerPage() {
  storeSession({ id: OWNER_ID, userType: 'user' });
  return mockFetch((call) => {
    if (call.url === '/api/notifications/stream-ticket') return streamTicketReply;
    if (call.url.startsWith('/api/notifications/all')) return emptyList;
    if (call.url === `/api/booking/${BOOKING_ID}`)
      return { status: 200, body: { booking, reviews: [] } };
    if (call.url === `/api/booking/${BOOKING_ID}/requests`)
      return { status: 200, body: { success: true, providers: requests } };
    if (call.url === `/api/booking/accept/${BOOKING_ID}`)
      return {
        status: 409,
        body: { message: 'A booking can only be cancelled before it starts' },
      };
    return { status: 404, body: { message: 'Not found' } };
  });
}

const liveStream = () => waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));

beforeEach(() => stubEventSource());
afterEach(() => vi.unstubAllGlobals());

describe('owner booking page follows the other party live', () => {
  it('lists a sitter who applies as soon as the notification arrives', async () => {
    booking = makeBooking({ status: 'pending', provider_id: null, provider: null });
    requests = [];
    openOwnerPage();
    renderApp(`/booking-details/${BOOKING_ID}`);
    const panel = await screen.findByRole('region', { name: 'Sitters' });
    expect(
      await within(panel).findByText('No sitter has applied or been invited yet.'),
    ).toBeInTheDocument();
    await liveStream();

    requests = [makeRequest({ initiatedBy: 'provider' })];
    pushNotification({
      _id: 'n1',
      type: 'booking-request',
      message: 'Sam applied to your dog walking booking',
      data: { bookingId: BOOKING_ID },
    });
    expect(
      await within(panel).findByRole('group', { name: 'Request from Sam Ortega' }),
    ).toBeInTheDocument();
  });

  it('catches up once on what happened while the live stream was down', async () => {
    booking = makeBooking({ status: 'pending', provider_id: null, provider: null });
    requests = [];
    const calls = openOwnerPage();
    renderApp(`/booking-details/${BOOKING_ID}`);
    const panel = await screen.findByRole('region', { name: 'Sitters' });
    await within(panel).findByText('No sitter has applied or been invited yet.');
    const loads = () => calls.filter((c) => c.url.startsWith(`/api/booking/${BOOKING_ID}`)).length;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    await liveStreamOpened();
    await settle();
    expect(loads()).toBe(2); // the first connection fetches nothing: the page just loaded

    // Sam applies while the connection is down: the notification is never pushed.
    await dropAndReconnect(() => (requests = [makeRequest({ initiatedBy: 'provider' })]));
    expect(
      await within(panel).findByRole('group', { name: 'Request from Sam Ortega' }),
    ).toBeInTheDocument();
    await settle();
    expect(loads()).toBe(4); // the booking and its requests, once each
  });

  it('ignores news about another booking', async () => {
    booking = makeBooking({ status: 'pending', provider_id: null, provider: null });
    requests = [];
    const calls = openOwnerPage();
    renderApp(`/booking-details/${BOOKING_ID}`);
    await screen.findByText('No sitter has applied or been invited yet.');
    await liveStream();
    const before = calls.length;
    pushNotification({
      _id: 'n2',
      type: 'booking-request',
      message: 'Other',
      data: { bookingId: '9'.repeat(24) },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.slice(before).some((c) => c.url.startsWith(`/api/booking/${BOOKING_ID}`))).toBe(
      false,
    );
  });

  it('shows the booking started by the sitter, without Cancel', async () => {
    booking = makeBooking({ status: 'accepted' });
    requests = [];
    openOwnerPage();
    renderApp(`/booking-details/${BOOKING_ID}`);
    await screen.findByRole('button', { name: 'Cancel booking' });
    await liveStream();

    booking = { ...booking, status: 'in-progress' };
    pushNotification({
      _id: 'n3',
      type: 'booking-in-progress',
      message: 'Sam started the dog walking booking',
      data: { bookingId: BOOKING_ID },
    });
    await waitFor(() =>
      expect(screen.getAllByLabelText('Status: In progress').length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('after a 409 on cancel, shows the booking as it now is', async () => {
    booking = makeBooking({ status: 'accepted' });
    requests = [];
    openOwnerPage();
    renderApp(`/booking-details/${BOOKING_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    // Meanwhile (no live push: the connection may be down) the sitter started it.
    booking = { ...booking, status: 'in-progress' };
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));
    await waitFor(() =>
      expect(screen.getAllByLabelText('Status: In progress').length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });
});

describe('sitter request page follows the owner live', () => {
  it('shows an application accepted when the decision arrives', async () => {
    storeSession({ id: SITTER_ID, userType: 'provider' });
    const open = makeBooking({ provider_id: null, provider: null });
    const base = makeRequest({ initiatedBy: 'provider', state: 'pending' });
    const mine = (state: MyRequest['state']): MyRequest => ({
      ...base,
      state,
      booking: {
        _id: open._id,
        service: open.service,
        startDate: open.startDate,
        endDate: open.endDate,
        status: state === 'accepted' ? 'accepted' : 'pending',
        owner: open.owner,
        price: open.price,
        pets: open.pets,
        notes: open.notes,
      },
    });
    let state: MyRequest['state'] = 'pending';
    mockFetch((call) => {
      if (call.url === '/api/notifications/stream-ticket') return streamTicketReply;
      if (call.url.startsWith('/api/notifications/all')) return emptyList;
      if (call.url.startsWith('/api/booking/series'))
        return { status: 200, body: { success: true, data: [] } };
      if (call.url.startsWith('/api/booking/requests/mine')) return page([mine(state)]);
      if (call.url.startsWith('/api/booking/provider/in-progress')) return page([]);
      if (call.url.startsWith('/api/booking/?')) return page(state === 'pending' ? [open] : []);
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/request-page');
    const applications = await screen.findByRole('region', { name: 'My applications' });
    expect(await within(applications).findByText('Applied, waiting for the owner')).toBeVisible();
    await liveStream();

    state = 'accepted';
    pushNotification({
      _id: 'n4',
      type: 'booking-decision',
      message: 'The owner accepted the dog walking booking',
      data: { bookingId: BOOKING_ID, decision: 'accepted' },
    });
    expect(await within(applications).findByText('Accepted by the owner')).toBeVisible();
    expect(within(applications).queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });
});

describe("the owner's bookings list follows the bell", () => {
  it('reads its bookings and pending series again when a series is decided', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    let decided = false;
    const calls = mockFetch((call) => {
      if (call.url === '/api/notifications/stream-ticket') return streamTicketReply;
      if (call.url.startsWith('/api/notifications/all')) return emptyList;
      if (call.url.startsWith('/api/booking/series')) return page([]);
      if (call.url.startsWith('/api/booking/user'))
        return page(decided ? [makeBooking({ status: 'pending' })] : []);
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/bookings');
    expect(await screen.findByText('No pending bookings')).toBeInTheDocument();
    await liveStream();
    const reads = (prefix: string) => calls.filter((c) => c.url.startsWith(prefix)).length;
    const before = { series: reads('/api/booking/series'), list: reads('/api/booking/user') };

    decided = true;
    pushNotification({
      _id: 'n-series',
      type: 'series-decision',
      message: 'Sam accepted your weekly dog walking series. Series accepted: 4 bookings',
      data: { seriesId: 'eeeeeeeeeeeeeeeeeeeeee07', decision: 'accepted' },
    });
    // Without a reload: the list shows what the decision made, the series section re-reads.
    expect(await screen.findByRole('article', { name: 'Dog walking booking' })).toBeInTheDocument();
    expect(reads('/api/booking/user')).toBeGreaterThan(before.list);
    await waitFor(() => expect(reads('/api/booking/series')).toBeGreaterThan(before.series));
  });
});
