import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { makePet, makePublicSitter } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { BOOKING_ID, makeBooking, makeRequest, OWNER_ID, SITTER_ID } from '../test/booking-factory';

const DOG_ID = 'e'.repeat(24);
const DANA = 'bbbbbbbbbbbbbbbbbbbbbb01';
const CLEO = 'bbbbbbbbbbbbbbbbbbbbbb02';
const NORA = 'bbbbbbbbbbbbbbbbbbbbbb03';
const nearbySitter = (id: string, firstName: string, pet_prefrences: string[]) => ({
  ...makePublicSitter({ _id: id, id, firstName, lastName: 'S.', pet_prefrences }),
  distanceKm: 1,
});
const NORA_AWAY = 'Nora is away from Tue 15 Dec 2026 to Fri 18 Dec 2026';

// An open dog walk that Sam has applied to.
const openBooking = makeBooking({ provider_id: null, provider: null, price: null, pets: [DOG_ID] });

function open() {
  storeSession({ id: OWNER_ID, userType: 'user' });
  return mockFetch((call) => {
    if (call.url === `/api/booking/${BOOKING_ID}`)
      return { status: 200, body: { booking: openBooking, reviews: [] } };
    if (call.url === '/api/booking/' && call.method === 'POST')
      return {
        status: 201,
        body: { success: true, message: 'Booking created', data: openBooking },
      };
    if (call.url === `/api/booking/${BOOKING_ID}/requests`)
      return {
        status: 200,
        body: { success: true, providers: [makeRequest({ initiatedBy: 'provider' })] },
      };
    if (call.url.startsWith(`/api/pets/user/${OWNER_ID}`))
      return {
        status: 200,
        body: { success: true, result: [makePet({ _id: DOG_ID, userId: OWNER_ID })] },
      };
    if (call.url.startsWith('/api/user/nearby'))
      return {
        status: 200,
        body: {
          success: true,
          nearbyUsers: [
            nearbySitter(SITTER_ID, 'Sam', []),
            nearbySitter(DANA, 'Dana', ['Dogs']),
            nearbySitter(CLEO, 'Cleo', ['Cats']),
            nearbySitter(NORA, 'Nora', []),
          ],
          page: 1,
          limit: 50,
          total: 4,
          hasMore: false,
        },
      };
    if (call.method === 'POST' && call.url === `/api/booking/${BOOKING_ID}/send-request`) {
      const { providerId } = call.body as { providerId: string };
      return providerId === NORA
        ? { status: 409, body: { message: NORA_AWAY } }
        : { status: 201, body: { success: true, message: 'Request sent', data: makeRequest() } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

describe('inviting sitters from the checkout', () => {
  it('lands on the booking naming each invitation that could not be sent, and why', async () => {
    open();
    const draft = {
      service: 'dog-walking',
      pets: [DOG_ID],
      startDate: '2030-05-01T09:00:00.000Z',
      endDate: '2030-05-01T11:00:00.000Z',
      notes: '',
      providerId: null,
      inviteProviderIds: [DANA, NORA],
    };
    const { router } = renderApp('/checkout', {
      booking: { status: 'idle', items: [], current: null, reviews: [], error: null, draft },
    });
    await userEvent.click(await screen.findByRole('button', { name: /^(Send|Confirm)/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking-details/${BOOKING_ID}`),
    );
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('An invitation could not be sent');
    expect(refusal).toHaveTextContent(NORA_AWAY);
  });
});

describe('inviting sitters to an open booking from its page', () => {
  it('offers sitters not asked yet who take its pets, and names each refusal with its reason', async () => {
    const calls = open();
    renderApp(`/booking-details/${BOOKING_ID}`);
    const section = await screen.findByRole('region', { name: 'Invite sitters' });
    const picker = await within(section).findByRole('combobox', { name: 'Sitters to invite' });
    await userEvent.click(picker);
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent?.split(' ')[0]);
    expect(offered).toEqual(['Dana', 'Nora']);
    // One read of the owner's pets serves the pets section and the picker.
    expect(await screen.findByRole('heading', { name: 'Biscuit' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/pets/user/'))).toHaveLength(1);
    await userEvent.click(screen.getByRole('option', { name: /^Dana/ }));
    await userEvent.click(screen.getByRole('option', { name: /^Nora/ }));
    const requestReads = () =>
      calls.filter((c) => c.url === `/api/booking/${BOOKING_ID}/requests`).length;
    const readsBefore = requestReads();
    await userEvent.click(within(section).getByRole('button', { name: 'Send invitations' }));

    const refusal = await within(section).findByRole('alert');
    expect(refusal).toHaveTextContent('An invitation could not be sent');
    expect(refusal).toHaveTextContent(NORA_AWAY);
    expect(await screen.findByText('1 invitation sent')).toBeInTheDocument();
    const sent = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(sent).toEqual([{ providerId: DANA }, { providerId: NORA }]);
    await waitFor(() => expect(requestReads()).toBeGreaterThan(readsBefore));
  });

  it('asks for a sitter before sending', async () => {
    const calls = open();
    renderApp(`/booking-details/${BOOKING_ID}`);
    const section = await screen.findByRole('region', { name: 'Invite sitters' });
    await userEvent.click(within(section).getByRole('button', { name: 'Send invitations' }));
    expect(
      await within(section).findByText('Choose at least one sitter to invite'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('is not offered once the booking has its sitter', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    mockFetch((call) =>
      call.url === `/api/booking/${BOOKING_ID}`
        ? { status: 200, body: { booking: makeBooking({ status: 'accepted' }), reviews: [] } }
        : { status: 200, body: { success: true, providers: [], result: [] } },
    );
    renderApp(`/booking-details/${BOOKING_ID}`);
    await screen.findByRole('heading', { name: 'Booking details' });
    await screen.findByText(/Dog walking/);
    expect(screen.queryByRole('region', { name: 'Invite sitters' })).not.toBeInTheDocument();
  });
});
