import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PaymentWire } from '@pawsy/contract';
import { mockFetch } from '../../../test/fetch-mock';
import { makeSubscription } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

const USER = 'aaaaaaaaaaaaaaaaaaaaaab1';
const payment = (status: PaymentWire['status']): PaymentWire => ({
  _id: 'p1',
  kind: 'subscription',
  referenceId: 's1',
  amountCents: 1520,
  currency: 'usd',
  status,
  gateway: 'sandbox',
  discountCents: 380,
  refundedCents: 0,
  createdAt: '2026-11-25T05:00:00.000Z',
  paidAt: status === 'paid' ? '2026-11-25T05:00:01.000Z' : null,
});
const subscription = (cancelAtPeriodEnd = false) => ({
  isPaid: true,
  data: makeSubscription({
    _id: 's1',
    packageId: 'k1',
    packageName: 'Monthly Care',
    currentPeriodEnd: '2026-12-25T05:00:00.000Z',
    cancelAtPeriodEnd,
  }),
});
const credits = {
  status: 200,
  body: { success: true, data: { userId: USER, balance: 2500, currency: 'USD', entries: [] } },
};

describe('billing screens', () => {
  // Toasts outlive a test (their store is global): each test starts without any.
  beforeEach(() => notifications.clean());

  it('/payment-success waits for a pending payment, then shows it, the paid status and the credits', async () => {
    storeSession({ id: USER, userType: 'user' });
    let polls = 0;
    mockFetch((call) => {
      if (call.url === '/api/payments/p1')
        return { status: 200, body: { data: payment(++polls < 2 ? 'pending' : 'paid') } };
      if (call.url === '/api/payments/subscription') return { status: 200, body: subscription() };
      if (call.url.startsWith('/api/userCredit/')) return credits;
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/payment-success?paymentId=p1');
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(
      await screen.findByText(/We received \$15\.20/, {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent(
      'Monthly Care subscription is active: you are a paid member',
    );
    expect(await screen.findByTestId('credits-balance')).toHaveTextContent('$25.00');
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Payment successful' }),
    ).toBeInTheDocument();
  });

  it('/payment-success opened without a payment says so, with links, and confirms nothing', async () => {
    storeSession({ id: USER, userType: 'user' });
    const calls = mockFetch(() => ({ status: 404, body: { message: 'Not found' } }));
    renderApp('/payment-success');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No payment to confirm' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/successful|went through|Thank you/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to my bookings' })).toHaveAttribute(
      'href',
      '/bookings',
    );
    expect(screen.getByRole('link', { name: /subscription/ })).toHaveAttribute('href', '/Settings');
    expect(calls.some((c) => c.url.startsWith('/api/payments'))).toBe(false);
  });

  it('/payment-success with a payment the API does not know or did not take claims no success', async () => {
    storeSession({ id: USER, userType: 'user' });
    mockFetch((call) =>
      call.url === '/api/payments/p1'
        ? { status: 200, body: { data: payment('cancelled') } }
        : { status: 404, body: { message: 'Payment not found' } },
    );
    const { unmount } = renderApp('/payment-success?paymentId=p1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment not completed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This payment is cancelled.')).toBeInTheDocument();
    expect(screen.queryByText(/successful|We received|Thank you/i)).toBeNull();
    unmount();

    renderApp('/payment-success?paymentId=forged');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment not found' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/successful|We received|Thank you/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to my bookings' })).toBeInTheDocument();
  });

  it('Settings cancels the subscription at the end of the period', async () => {
    storeSession({ id: USER, userType: 'user' });
    const calls = mockFetch((call) => {
      if (call.url === '/api/payments/subscription') return { status: 200, body: subscription() };
      if (call.url === '/api/payments/subscription/cancel')
        return { status: 200, body: subscription(true) };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/Settings');
    expect(await screen.findByTestId('subscription-renewal')).toHaveTextContent('Renews on');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    // Each step's button goes: the focus moves to the safe choice, then to the outcome.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Keep subscription' })).toHaveFocus(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel at period end' }));
    expect(await screen.findByText(/it will not renew/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('subscription-renewal')).toHaveFocus());
    expect(
      calls.some((c) => c.url === '/api/payments/subscription/cancel' && c.method === 'POST'),
    ).toBe(true);
  });

  it("Settings shows 'Failed to update paid status' when the subscription cannot be loaded", async () => {
    storeSession({ id: USER, userType: 'user' });
    mockFetch(() => ({ status: 500, body: {} }));
    renderApp('/Settings');
    expect(await screen.findByText('Failed to update paid status')).toBeInTheDocument();
  });
});
