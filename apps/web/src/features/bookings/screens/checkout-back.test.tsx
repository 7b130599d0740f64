import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { makePet } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { BookingDraft, BookingState } from '../booking-slice';
import { BOOKING_ID, makeBooking, OWNER_ID, SITTER_ID } from '../test/booking-factory';

const PET_ID = 'e'.repeat(24);
const stateWith = (draft: BookingDraft): BookingState => ({
  status: 'idle',
  items: [],
  current: null,
  reviews: [],
  error: null,
  draft,
});
const sitterDraft: BookingDraft = {
  service: 'dog-walking',
  pets: [PET_ID],
  startDate: '2030-05-01T09:00:00.000Z',
  endDate: '2030-05-01T11:00:00.000Z',
  notes: 'Biscuit pulls on the lead',
  providerId: SITTER_ID,
  inviteProviderIds: [],
};

function serve() {
  return mockFetch((call) => {
    if (call.url === `/api/pets/user/${OWNER_ID}`)
      return {
        status: 200,
        body: { success: true, result: [makePet({ _id: PET_ID, userId: OWNER_ID })] },
      };
    if (call.url === '/api/booking/quote')
      return {
        status: 200,
        body: {
          success: true,
          data: {
            ...{ units: 2, unitLabel: 'hour', rateCents: 2500, rateSource: 'sitter' },
            ...{ amountCents: 5000, currency: 'USD', creditsBalance: 0, maxCreditsApplicable: 0 },
          },
        },
      };
    return { status: 404, body: { message: 'Not found' } };
  });
}

describe('checkout: Back', () => {
  it('returns to the same sitter’s form with service, pet, dates and notes kept', async () => {
    serve();
    storeSession({ id: OWNER_ID, userType: 'user' });
    const { router } = renderApp('/checkout', { booking: stateWith(sitterDraft) });
    await userEvent.click(await screen.findByRole('link', { name: 'Back' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/request-form'));
    expect(router.state.location.search).toBe(`?providerId=${SITTER_ID}`);
    expect(await screen.findByRole('checkbox', { name: 'Biscuit (dog)' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /^Service/ })).toHaveValue('Dog walking');
    expect(screen.getByRole('link', { name: 'Choose other sitters instead' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Leave it open/ })).toBeNull();
    expect(screen.getByDisplayValue('Biscuit pulls on the lead')).toBeInTheDocument();
  });

  it('returns to the open form with the chosen sitters of an invitation', async () => {
    serve();
    storeSession({ id: OWNER_ID, userType: 'user' });
    const invite = { ...sitterDraft, providerId: null, inviteProviderIds: [SITTER_ID] };
    const { router } = renderApp('/checkout', { booking: stateWith(invite) });
    await userEvent.click(await screen.findByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/request-form'));
    expect(await screen.findByRole('radio', { name: /Send to several sitters/ })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'Biscuit (dog)' })).toBeChecked();
  });

  it('browser Back to the searched form restores the pets, notes and times typed there', async () => {
    serve();
    storeSession({ id: OWNER_ID, userType: 'user' });
    const address = `/request-form?providerId=${SITTER_ID}&service=boarding&startDate=2030-12-10&endDate=2030-12-12`;
    const { router } = renderApp(address);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Biscuit (dog)' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Notes/ }), 'Key under the mat');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/request-form'));
    expect(await screen.findByRole('checkbox', { name: 'Biscuit (dog)' })).toBeChecked();
    expect(screen.getByDisplayValue('Key under the mat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Ends/ })).toHaveTextContent(
      'Thu 12 Dec 2030, 09:00',
    );
  });

  it('a different search for the same sitter starts afresh', async () => {
    serve();
    storeSession({ id: OWNER_ID, userType: 'user' });
    const draft = { ...sitterDraft, formAddress: `providerId=${SITTER_ID}&service=boarding` };
    renderApp(`/request-form?providerId=${SITTER_ID}&service=dog-walking`, {
      booking: stateWith(draft),
    });
    expect(await screen.findByRole('checkbox', { name: 'Biscuit (dog)' })).not.toBeChecked();
    expect(screen.queryByDisplayValue('Biscuit pulls on the lead')).toBeNull();
  });
});

describe('checkout: browser Back from the payment page', () => {
  it('says the request was created and waits for payment, with a link to it', async () => {
    const awaiting = makeBooking({
      provider_id: SITTER_ID,
      payment: {
        ...makeBooking().payment,
        status: 'awaiting',
        cardCents: 5000,
        checkoutUrl: 'http://pay.test/checkout/1',
      },
    });
    mockFetch((call) => {
      if (call.url === '/api/booking/' && call.method === 'POST')
        return { status: 201, body: { success: true, message: 'ok', data: awaiting } };
      if (call.url === '/api/booking/quote')
        return {
          status: 200,
          body: {
            success: true,
            data: {
              ...{ units: 2, unitLabel: 'hour', rateCents: 2500, rateSource: 'sitter' },
              ...{ amountCents: 5000, currency: 'USD', creditsBalance: 0, maxCreditsApplicable: 0 },
            },
          },
        };
      return { status: 404, body: { message: 'Not found' } };
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    storeSession({ id: OWNER_ID, userType: 'user' });
    const first = renderApp('/checkout', { booking: stateWith(sitterDraft) });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $50.00 by card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay.test/checkout/1'));
    vi.unstubAllGlobals();
    first.unmount();

    // The payment page's Back: a fresh page load of /checkout, the draft used up.
    renderApp('/checkout');
    expect(
      await screen.findByText('Your booking request was created and waits for payment.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the booking' })).toHaveAttribute(
      'href',
      `/booking-details/${BOOKING_ID}`,
    );
    expect(screen.queryByText('There is no booking request to check out.')).toBeNull();
  });

  it('without a booking sent to payment, there is nothing to check out', async () => {
    serve();
    storeSession({ id: OWNER_ID, userType: 'user' });
    renderApp('/checkout');
    expect(
      await screen.findByText('There is no booking request to check out.'),
    ).toBeInTheDocument();
  });
});

describe('request form: a restored draft', () => {
  it('says the unfinished request is filled in again, and Start over gives the fresh form', async () => {
    serve();
    storeSession({ id: OWNER_ID, userType: 'user' });
    const { store } = renderApp(`/request-form?providerId=${SITTER_ID}`, {
      booking: stateWith(sitterDraft),
    });
    expect(await screen.findByText('Your unfinished request is filled in again.')).toBeVisible();
    expect(await screen.findByRole('checkbox', { name: 'Biscuit (dog)' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByRole('checkbox', { name: 'Biscuit (dog)' })).not.toBeChecked();
    expect(screen.queryByDisplayValue('Biscuit pulls on the lead')).toBeNull();
    expect(screen.getByRole('combobox', { name: /^Service/ })).toHaveValue('');
    expect(screen.queryByText('Your unfinished request is filled in again.')).toBeNull();
    expect(store.getState().booking.draft).toBeNull();
  });

  it('a fresh form says nothing about a draft', async () => {
    serve();
    storeSession({ id: OWNER_ID, userType: 'user' });
    renderApp(`/request-form?providerId=${SITTER_ID}`);
    expect(await screen.findByRole('checkbox', { name: 'Biscuit (dog)' })).not.toBeChecked();
    expect(screen.queryByText('Your unfinished request is filled in again.')).toBeNull();
  });
});
