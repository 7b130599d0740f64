import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Package } from '@pawsy/contract';
import { mockFetch } from '../../../test/fetch-mock';
import { makeSubscription } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

const PKG: Package = {
  _id: 'eeeeeeeeeeeeeeeeeeeeee01',
  name: 'Monthly Care',
  description: 'For regular walks',
  priceCents: 2000,
  currency: 'usd',
  interval: 'month',
  creditsIncluded: 1500,
  active: true,
  stripePriceId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

function stubLocation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('/subscribe', () => {
  it('shows the discounted price before paying, then goes to the checkout url', async () => {
    storeSession({ id: 'aaaaaaaaaaaaaaaaaaaaaab1', userType: 'user' });
    const calls = mockFetch((call) => {
      if (call.url === `/api/packages/${PKG._id}`)
        return { status: 200, body: { success: true, data: PKG } };
      if (call.url === '/api/stripe/quote')
        return {
          status: 200,
          body: {
            success: true,
            data: {
              packageId: PKG._id,
              currency: 'usd',
              priceCents: 2000,
              discountCents: 500,
              finalCents: 1500,
              couponCode: 'WELCOME25',
            },
          },
        };
      if (call.url === '/api/stripe/create-subscription') {
        const data = { url: 'http://pay.test/checkout/1', paymentId: 'p1' };
        return { status: 200, body: { success: true, data, url: data.url } };
      }
      return { status: 404, body: { message: 'Not found' } };
    });
    const assign = stubLocation();
    renderApp(`/subscribe?packageId=${PKG._id}`);
    expect(await screen.findByRole('heading', { name: 'Monthly Care' })).toBeInTheDocument();
    expect(screen.getByTestId('subscribe-total')).toHaveTextContent('$20.00');
    await userEvent.type(screen.getByRole('textbox', { name: /Coupon code/ }), 'welcome25');
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByTestId('subscribe-discount')).toHaveTextContent('−$5.00');
    expect(screen.getByTestId('subscribe-total')).toHaveTextContent('$15.00');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $15.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay.test/checkout/1'));
    const created = calls.find((c) => c.url === '/api/stripe/create-subscription');
    expect(created?.body).toEqual({ packageId: PKG._id, couponCode: 'WELCOME25' });
  });

  it("shows the coupon's problem, and 'Create subscription error' when checkout fails", async () => {
    storeSession({ id: 'aaaaaaaaaaaaaaaaaaaaaab1', userType: 'user' });
    mockFetch((call) => {
      if (call.url === `/api/packages/${PKG._id}`)
        return { status: 200, body: { success: true, data: PKG } };
      if (call.url === '/api/stripe/quote')
        return { status: 409, body: { message: 'This coupon has been used up' } };
      if (call.url === '/api/stripe/create-subscription') return { status: 500, body: {} };
      return { status: 404, body: { message: 'Not found' } };
    });
    stubLocation();
    renderApp(`/subscribe?packageId=${PKG._id}`);
    await userEvent.type(await screen.findByRole('textbox', { name: /Coupon code/ }), 'USEDUP');
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByText('This coupon has been used up')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: /Coupon code/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay $20.00' }));
    expect(await screen.findByText('Create subscription error')).toBeInTheDocument();
  });
});

describe('/subscribe for a member who already has a plan', () => {
  const CURRENT = makeSubscription();

  function open() {
    storeSession({ id: 'aaaaaaaaaaaaaaaaaaaaaab1', userType: 'user' });
    const calls = mockFetch((call) => {
      if (call.url === `/api/packages/${PKG._id}`)
        return { status: 200, body: { success: true, data: PKG } };
      if (call.url === '/api/payments/subscription')
        return { status: 200, body: { success: true, data: CURRENT, isPaid: true } };
      if (call.url === '/api/stripe/create-subscription') {
        const data = { url: 'http://pay.test/checkout/2', paymentId: 'p2' };
        return { status: 200, body: { success: true, data, url: data.url } };
      }
      return { status: 404, body: { message: 'Not found' } };
    });
    const assign = stubLocation();
    renderApp(`/subscribe?packageId=${PKG._id}`);
    return { calls, assign };
  }

  it('says which plan they have, that this one becomes the plan, and that the old one runs out', async () => {
    open();
    const notice = await screen.findByTestId('current-plan');
    expect(notice).toHaveTextContent('You have Tester Pack until 4 Jan 2027 (it renews then).');
    expect(notice).toHaveTextContent(
      'Buying Monthly Care makes it your plan from today, once paid; Tester Pack stops renewing and runs until 4 Jan 2027.',
    );
  });

  it('asks to confirm the switch before going to the checkout; keeping the plan buys nothing', async () => {
    const { calls, assign } = open();
    await screen.findByTestId('current-plan');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $20.00' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Switch from Tester Pack to Monthly Care?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Tester Pack' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url === '/api/stripe/create-subscription')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Pay $20.00' }));
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Switch and pay $20.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay.test/checkout/2'));
  });

  it('offers no second purchase of the plan that runs now (its credits come once a period)', async () => {
    storeSession({ id: 'aaaaaaaaaaaaaaaaaaaaaab1', userType: 'user' });
    const running = makeSubscription({ packageId: PKG._id, packageName: PKG.name });
    const calls = mockFetch((call) => {
      if (call.url === `/api/packages/${PKG._id}`)
        return { status: 200, body: { success: true, data: PKG } };
      if (call.url === '/api/payments/subscription')
        return { status: 200, body: { success: true, data: running, isPaid: true } };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp(`/subscribe?packageId=${PKG._id}`);
    const notice = await screen.findByTestId('current-plan');
    expect(notice).toHaveTextContent(
      'Monthly Care is already your plan; you can buy it again once it ends on 4 Jan 2027.',
    );
    expect(screen.getByRole('button', { name: 'Pay $20.00' })).toBeDisabled();
    expect(calls.some((c) => c.url === '/api/stripe/create-subscription')).toBe(false);
  });
});
