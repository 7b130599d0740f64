import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type FetchCall } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { BookingDraft, BookingState } from '../booking-slice';
import { BOOKING_ID, makeBooking, OWNER_ID, SITTER_ID } from '../test/booking-factory';

const draft: BookingDraft = {
  service: 'Dog walking',
  pets: ['e'.repeat(24)],
  startDate: '2030-05-01T09:00:00.000Z',
  endDate: '2030-05-01T11:00:00.000Z',
  notes: 'Biscuit pulls on the lead',
  providerId: SITTER_ID,
  inviteProviderIds: [],
};
const bookingState: BookingState = {
  status: 'idle',
  items: [],
  current: null,
  reviews: [],
  error: null,
  draft,
};

function serve(
  balance: number,
  priceCents: number,
  create?: (call: FetchCall) => object,
  rateSource: 'sitter' | 'suggested' = 'sitter',
  quoteExtra: object = {},
) {
  return mockFetch((call) => {
    if (call.url === '/api/booking/quote')
      return {
        status: 200,
        body: {
          success: true,
          data: {
            units: 2,
            unitLabel: 'hour',
            rateCents: priceCents / 2,
            rateSource,
            amountCents: priceCents,
            currency: 'USD',
            creditsBalance: balance,
            maxCreditsApplicable: Math.min(balance, priceCents),
            ...quoteExtra,
          },
        },
      };
    if (call.url.startsWith('/api/userCredit/user-credits/'))
      return {
        status: 200,
        body: { success: true, data: { userId: OWNER_ID, balance, currency: 'USD', entries: [] } },
      };
    if (call.url === '/api/booking/' && call.method === 'POST')
      return create
        ? { status: 400, body: create(call) }
        : { status: 201, body: { success: true, message: 'ok', data: makeBooking() } };
    if (call.url.startsWith(`/api/booking/${BOOKING_ID}`))
      return { status: 200, body: { booking: makeBooking(), reviews: [] } };
    return { status: 404, body: { message: 'Not found' } };
  });
}

async function openCheckout() {
  storeSession({ id: OWNER_ID, userType: 'user' });
  const view = renderApp('/checkout', { booking: bookingState });
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  await screen.findByText('$25.00 × 2 hours');
  return view;
}

describe('checkout', () => {
  it('shows rate × units, the balance and the cancellation policy', async () => {
    serve(8000, 5000);
    await openCheckout();
    expect(await screen.findByTestId('credits-balance')).toHaveTextContent('$80.00');
    expect(screen.getByRole('heading', { name: 'Cancellation policy' })).toBeInTheDocument();
    expect(screen.getByText(/An owner can cancel a booking until it starts/)).toBeInTheDocument();
    expect(screen.getByText('Total due').nextSibling).toHaveTextContent('$50.00');
  });

  it('lists "Credits applied" only while credits are applied', async () => {
    serve(8000, 5000);
    await openCheckout();
    await screen.findByTestId('credits-balance');
    const breakdown = screen.getByRole('group', { name: 'Price breakdown' });
    expect(breakdown).not.toHaveTextContent('Credits applied');
    await userEvent.click(screen.getByRole('switch', { name: /^Apply my credits/ }));
    expect(within(breakdown).getByText('Credits applied').nextSibling).toHaveTextContent('−$50.00');
    await userEvent.click(screen.getByRole('switch', { name: /^Apply my credits/ }));
    expect(breakdown).not.toHaveTextContent('Credits applied');
  });

  it('keeps the credits chosen across a reload of the page (in the persisted draft)', async () => {
    serve(8000, 5000);
    const first = await openCheckout();
    await screen.findByTestId('credits-balance');
    await userEvent.click(screen.getByRole('switch', { name: /^Apply my credits/ }));
    const amount = screen.getByLabelText('Credits to apply ($)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '30');
    fireEvent.blur(amount);
    const kept = first.store.getState().booking;
    expect(kept.draft?.credits).toEqual({ applying: true, cents: 3000 });
    first.unmount();

    storeSession({ id: OWNER_ID, userType: 'user' });
    renderApp('/checkout', { booking: kept });
    await screen.findByTestId('credits-balance');
    expect(await screen.findByRole('switch', { name: /^Apply my credits/ })).toBeChecked();
    expect(screen.getByLabelText('Credits to apply ($)')).toHaveValue('30');
    expect(screen.getByText('Total due').nextSibling).toHaveTextContent('$20.00');
  });

  it('says before paying that the sitter is not free then, and will not send the booking', async () => {
    const away = 'Maya is away from Sun 20 Dec 2026 to Sat 26 Dec 2026';
    const calls = serve(0, 5000, undefined, 'sitter', { available: false, conflict: away });
    await openCheckout();
    const alert = within(screen.getByRole('region', { name: 'Dog walking' })).getByRole('alert');
    expect(alert).toHaveTextContent(away);
    expect(within(alert).getByRole('link', { name: 'Change the dates' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/request-form\?/),
    );
    expect(screen.getByRole('button', { name: 'Pay $50.00 by card' })).toBeDisabled();
    expect(calls.some((c) => c.url === '/api/booking/' && c.method === 'POST')).toBe(false);
  });

  it("says so when the price uses the catalogue's suggested rate", async () => {
    serve(0, 5000, undefined, 'suggested');
    storeSession({ id: OWNER_ID, userType: 'user' });
    renderApp('/checkout', { booking: bookingState });
    expect(await screen.findByText('$25.00 (suggested rate) × 2 hours')).toBeInTheDocument();
  });

  it('never applies more credits than the price when the balance is larger', async () => {
    const calls = serve(8000, 5000);
    const { router } = await openCheckout();
    await screen.findByTestId('credits-balance');
    await userEvent.click(screen.getByRole('switch', { name: /^Apply my credits/ }));
    const amount = screen.getByLabelText('Credits to apply ($)');
    expect(amount).toHaveValue('50');
    expect(screen.getByText('Total due').nextSibling).toHaveTextContent('$0.00');
    await userEvent.type(amount, '9'); // 509 > the price: refused
    fireEvent.blur(amount);
    expect(amount).toHaveValue('50');

    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking-details/${BOOKING_ID}`),
    );
    const create = calls.find((c) => c.method === 'POST' && c.url === '/api/booking/');
    expect((create?.body as { creditsToApply: number }).creditsToApply).toBe(5000);
  });

  it('typing more credits than the maximum applies the maximum and says why', async () => {
    serve(8000, 2200);
    storeSession({ id: OWNER_ID, userType: 'user' });
    renderApp('/checkout', { booking: bookingState });
    await screen.findByTestId('credits-balance');
    await userEvent.click(screen.getByRole('switch', { name: /^Apply my credits/ }));
    const amount = screen.getByLabelText('Credits to apply ($)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '70');
    expect(amount).toHaveValue('22');
    expect(amount).toHaveAccessibleDescription('You can apply up to $22.00 to this booking.');
    expect(screen.getByText('Total due').nextSibling).toHaveTextContent('$0.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    expect(amount).toHaveValue('5');
    expect(screen.queryByText(/You can apply up to/)).toBeNull();
  });

  it('says before submit when credits leave a card part under $0.50, and will not send it', async () => {
    serve(8000, 5000);
    await openCheckout();
    await userEvent.click(screen.getByRole('switch', { name: /^Apply my credits/ }));
    const amount = screen.getByLabelText('Credits to apply ($)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '49.8');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(
      'The card part must be at least $0.50: apply $49.50 or less in credits, or all $50.00',
    );
    expect(screen.getByRole('button', { name: 'Pay $0.20 by card' })).toBeDisabled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '49.5');
    expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Pay $0.50 by card' })).toBeEnabled();
  });

  it('never applies more credits than the balance when the price is larger', async () => {
    const calls = serve(1200, 5000);
    await openCheckout();
    await screen.findByText('$12.00');
    await userEvent.click(screen.getByRole('switch', { name: /^Apply my credits/ }));
    const amount = screen.getByLabelText('Credits to apply ($)');
    expect(amount).toHaveValue('12');
    await userEvent.type(amount, '0'); // 120 > the balance: refused
    fireEvent.blur(amount);
    expect(amount).toHaveValue('12');
    expect(screen.getByText('Total due').nextSibling).toHaveTextContent('$38.00');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $38.00 by card' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/booking/')).toBe(true),
    );
    const create = calls.find((c) => c.method === 'POST' && c.url === '/api/booking/');
    expect((create?.body as { creditsToApply: number }).creditsToApply).toBe(1200);
  });

  it('shows the server message, or "Failed to create booking" without one', async () => {
    serve(0, 5000, () => ({ message: 'This sitter does not offer "Dog walking"' }));
    await openCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $50.00 by card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sitter does not offer "Dog walking"',
    );

    serve(0, 5000, () => ({}));
    await userEvent.click(screen.getByRole('button', { name: 'Pay $50.00 by card' }));
    expect(await screen.findByText('Failed to create booking')).toBeInTheDocument();
  });
});
