import { describe, expect, it } from 'vitest';
import { createTestStore } from '../../app/store';
import { mockFetch } from '../../test/fetch-mock';
import { storeSession } from '../../test/tokens';
import {
  createBooking,
  decideBookingRequest,
  draftSaved,
  fetchBooking,
  updateBookingStatus,
  type BookingDraft,
} from './booking-slice';
import { BOOKING_ID, makeBooking, OTHER_SITTER_ID, SITTER_ID } from './test/booking-factory';

const draft: BookingDraft = {
  service: 'Dog walking',
  pets: ['e'.repeat(24)],
  startDate: '2030-05-01T09:00:00.000Z',
  endDate: '2030-05-01T11:00:00.000Z',
  notes: '',
  providerId: SITTER_ID,
  inviteProviderIds: [],
};

describe('booking slice', () => {
  it('goes idle → pending → success when a booking is created, and clears the draft', async () => {
    storeSession({ id: 'a'.repeat(24) });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls = mockFetch(async () => {
      await gate;
      return {
        status: 201,
        body: { success: true, message: 'Booking created', data: makeBooking() },
      };
    });
    const store = createTestStore();
    store.dispatch(draftSaved(draft));
    expect(store.getState().booking.status).toBe('idle');

    const done = store.dispatch(createBooking({ draft, creditsToApply: 1200 }));
    expect(store.getState().booking.status).toBe('pending');
    release();
    await done;

    const state = store.getState().booking;
    expect(state.status).toBe('success');
    expect(state.current?._id).toBe(BOOKING_ID);
    expect(state.draft).toBeNull();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/booking/',
      body: { service: 'Dog walking', provider_id: SITTER_ID, creditsToApply: 1200 },
    });
  });

  it('goes to failed with the server message, or the SPEC fallback when there is none', async () => {
    mockFetch(() => ({ status: 400, body: { message: 'startDate must be in the future' } }));
    const store = createTestStore();
    await store.dispatch(createBooking({ draft, creditsToApply: 0 }));
    expect(store.getState().booking).toMatchObject({
      status: 'failed',
      error: 'startDate must be in the future',
    });

    mockFetch(() => ({ status: 500, body: {} }));
    await store.dispatch(createBooking({ draft, creditsToApply: 0 }));
    expect(store.getState().booking.error).toBe('Failed to create booking');
    await store.dispatch(fetchBooking(BOOKING_ID));
    expect(store.getState().booking.error).toBe('Failed to fetch booking');
    await store.dispatch(updateBookingStatus({ id: BOOKING_ID, change: { status: 'cancelled' } }));
    expect(store.getState().booking.error).toBe('Failed to update booking status');
  });

  it('invites each chosen sitter after creating an open booking', async () => {
    const open = makeBooking({ provider_id: null, provider: null, price: null });
    const calls = mockFetch((call) =>
      call.url.endsWith('/send-request')
        ? { status: 201, body: { success: true, data: {} } }
        : { status: 201, body: { success: true, message: 'ok', data: open } },
    );
    const store = createTestStore();
    const invites = { ...draft, providerId: null, inviteProviderIds: [SITTER_ID, OTHER_SITTER_ID] };
    const result = await store.dispatch(createBooking({ draft: invites, creditsToApply: 500 }));
    expect(calls[0]?.body).toMatchObject({ provider_id: null, creditsToApply: 0 });
    expect(calls.slice(1).map((c) => [c.url, c.body])).toEqual([
      [`/api/booking/${BOOKING_ID}/send-request`, { providerId: SITTER_ID }],
      [`/api/booking/${BOOKING_ID}/send-request`, { providerId: OTHER_SITTER_ID }],
    ]);
    expect(result.payload).toMatchObject({ failedInvites: [] });
  });

  it('takes status and provider_id from the accept response (decision and status move)', async () => {
    const open = makeBooking({ provider_id: null, provider: null, status: 'pending' });
    const store = createTestStore({
      booking: {
        status: 'idle',
        items: [open],
        current: open,
        reviews: [],
        error: null,
        draft: null,
      },
    });

    const accepted = makeBooking({ status: 'accepted', provider_id: OTHER_SITTER_ID });
    const calls = mockFetch(() => ({
      status: 200,
      body: { success: true, message: 'ok', data: accepted },
    }));
    await store.dispatch(
      decideBookingRequest({ id: BOOKING_ID, providerId: OTHER_SITTER_ID, decision: 'accepted' }),
    );
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: `/api/booking/accept/${BOOKING_ID}`,
      body: { providerId: OTHER_SITTER_ID, decision: 'accepted' },
    });
    let state = store.getState().booking;
    expect(state.status).toBe('success');
    expect(state.current).toMatchObject({ status: 'accepted', provider_id: OTHER_SITTER_ID });
    expect(state.items[0]).toMatchObject({ status: 'accepted', provider_id: OTHER_SITTER_ID });

    const started = makeBooking({ status: 'in-progress', provider_id: OTHER_SITTER_ID });
    mockFetch(() => ({ status: 200, body: { success: true, message: 'ok', data: started } }));
    await store.dispatch(
      updateBookingStatus({
        id: BOOKING_ID,
        change: { status: 'in-progress', note: 'On our way' },
      }),
    );
    state = store.getState().booking;
    expect(state.current).toMatchObject({ status: 'in-progress', provider_id: OTHER_SITTER_ID });
  });
});
