import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { makePublicSitter } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { BOOKING_ID, makeBooking, makeRequest, OWNER_ID, SITTER_ID } from '../test/booking-factory';

const sitter = makePublicSitter({
  _id: SITTER_ID,
  id: SITTER_ID,
  firstName: 'Sam',
  lastName: 'Ortega',
  service_rates: { 'dog-walking': 2500 },
  rating: { average: 4.5, count: 2 },
  badges: { KYC_verified: true, is_verified: false },
  KYC_verified: true,
  is_verified: false,
});

// An open booking (no sitter yet, no price) for 2 hours, with Sam's application.
const openBooking = makeBooking({ provider_id: null, provider: null, price: null });

function open() {
  storeSession({ id: OWNER_ID, userType: 'user' });
  const calls = mockFetch((call) => {
    if (call.url === `/api/booking/${BOOKING_ID}`)
      return { status: 200, body: { booking: openBooking, reviews: [] } };
    if (call.url === `/api/booking/${BOOKING_ID}/requests`)
      return {
        status: 200,
        body: { success: true, providers: [makeRequest({ initiatedBy: 'provider' })] },
      };
    if (call.url === `/api/user/${SITTER_ID}`)
      return { status: 200, body: { success: true, data: sitter } };
    if (call.url === `/api/booking/accept/${BOOKING_ID}`)
      return { status: 200, body: { success: true, message: 'ok', data: openBooking } };
    return { status: 404, body: { message: 'Not found' } };
  });
  renderApp(`/booking-details/${BOOKING_ID}`);
  return calls;
}

describe('open booking: the owner compares and accepts applicants', () => {
  it("shows each applicant's rate, the resulting price and a link to their profile", async () => {
    open();
    const row = await screen.findByRole('group', { name: 'Request from Sam Ortega' });
    expect(await within(row).findByTestId('applicant-price')).toHaveTextContent(
      '$25.00/hour · $25.00 × 2 hours = $50.00',
    );
    // Beside the price, what else tells applicants apart: their reviews and a checked identity.
    const standing = within(row).getByTestId('applicant-standing');
    expect(
      within(standing).getByLabelText('Rated 4.5 out of 5 from 2 reviews'),
    ).toBeInTheDocument();
    expect(standing).toHaveTextContent('ID verified');
    expect(within(row).getByRole('link', { name: 'Sam Ortega' })).toHaveAttribute(
      'href',
      `/petSitters/${SITTER_ID}`,
    );
    expect(
      screen.getByText('The price is set from the rate of the sitter you accept.'),
    ).toBeInTheDocument();
  });

  it('Accept asks first, stating the price; only "Yes, accept" sends the decision', async () => {
    const calls = open();
    const row = await screen.findByRole('group', { name: 'Request from Sam Ortega' });
    await within(row).findByTestId('applicant-price');
    await userEvent.click(within(row).getByRole('button', { name: 'Accept Sam Ortega' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Sam Ortega?' });
    expect(dialog).toHaveTextContent('$25.00 × 2 hours = $50.00');
    // An open booking takes no card payment: the owner reads it before accepting.
    expect(dialog).toHaveTextContent('It is not charged through Pawsy');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, accept' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        providerId: SITTER_ID,
        decision: 'accepted',
      }),
    );
  });

  it("Reject sends the owner's refusal at once; the focus goes to the panel's heading", async () => {
    const calls = open();
    const row = await screen.findByRole('group', { name: 'Request from Sam Ortega' });
    await userEvent.click(within(row).getByRole('button', { name: 'Reject Sam Ortega' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        providerId: SITTER_ID,
        decision: 'rejected',
      }),
    );
    // The decided request loses its buttons: the focus does not fall to <body>.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sitters' })).toHaveFocus());
  });
});

/**
 * A pending booking without a sitter, opened by SITTER_ID, whose one request (theirs) the owner
 * sent (an invitation) or they sent (an application); the decision and the withdrawal answer OK.
 */
function openAsSitter(
  initiatedBy: 'owner' | 'provider',
  accepted?: ReturnType<typeof makeBooking>,
) {
  storeSession({ id: SITTER_ID, userType: 'provider' });
  const pending = makeBooking({ provider_id: null, provider: null, price: null });
  const calls = mockFetch((call) => {
    if (call.url === `/api/booking/${BOOKING_ID}`)
      return { status: 200, body: { booking: pending, reviews: [] } };
    if (call.url === `/api/booking/${BOOKING_ID}/requests`)
      return { status: 200, body: { success: true, providers: [makeRequest({ initiatedBy })] } };
    if (call.url === `/api/booking/accept/${BOOKING_ID}`)
      return { status: 200, body: { success: true, message: 'ok', data: accepted ?? pending } };
    if (call.method === 'DELETE' && call.url === `/api/booking/${BOOKING_ID}/send-request`)
      return { status: 200, body: { success: true, message: 'Request withdrawn' } };
    return { status: 404, body: { message: 'Not found' } };
  });
  const { router } = renderApp(`/booking-details/${BOOKING_ID}`);
  return { calls, router };
}

describe('a direct request: the invited sitter answers on the booking page', () => {
  it('Reject asks first with "Keep invitation" focused; only Decline sends the refusal', async () => {
    const { calls, router } = openAsSitter('owner');
    const row = await screen.findByRole('group', { name: 'Request from Sam Ortega' });
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', {
      name: "Decline Olivia Bennett's invitation?",
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Keep invitation' })).toHaveFocus(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const again = await screen.findByRole('dialog', {
      name: "Decline Olivia Bennett's invitation?",
    });
    await userEvent.click(within(again).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        providerId: SITTER_ID,
        decision: 'rejected',
      }),
    );
    // Declined, the sitter is off the booking (the API answers 404 to them from now on): back to
    // their bookings, told so, and the booking's requests are not asked for again.
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings'));
    expect(await screen.findByText("You declined Olivia Bennett's request.")).toBeInTheDocument();
    const putAt = calls.findIndex((c) => c.method === 'PUT');
    expect(
      calls.slice(putAt).filter((c) => c.url === `/api/booking/${BOOKING_ID}/requests`),
    ).toEqual([]);
  });

  it('Accept needs no confirmation from the invited sitter', async () => {
    const { calls } = openAsSitter('owner');
    const row = await screen.findByRole('group', { name: 'Request from Sam Ortega' });
    await userEvent.click(within(row).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        providerId: SITTER_ID,
        decision: 'accepted',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText("You accepted Olivia Bennett's request.")).toBeInTheDocument();
  });

  it('an accepted invitation takes the panel away and leaves the focus on the booking heading', async () => {
    openAsSitter('owner', makeBooking({ status: 'accepted' }));
    const row = await screen.findByRole('group', { name: 'Request from Sam Ortega' });
    within(row).getByRole('button', { name: 'Accept' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Request from Sam Ortega' })).toBeNull(),
    );
    await waitFor(() => expect(document.getElementById('summary-title')).toHaveFocus());
  });
});

describe('an open booking the sitter applied to', () => {
  it('offers Withdraw on the booking page, asks first, then goes back to the board', async () => {
    const { calls, router } = openAsSitter('provider');
    const row = await screen.findByRole('group', { name: 'Request from Sam Ortega' });
    await userEvent.click(within(row).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your application?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, withdraw' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/request-page'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('You withdrew your application.')).toBeInTheDocument();
  });

  it('offers no Withdraw on an invitation (the sitter declines it instead)', async () => {
    openAsSitter('owner');
    const row = await screen.findByRole('group', { name: 'Request from Sam Ortega' });
    expect(within(row).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });
});
