import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { pageFrom, stubIntersectionObserver } from '../../../test/paging';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { makeBooking, OWNER_ID, SITTER_ID } from '../test/booking-factory';

const page = (data: unknown[]) => ({
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

describe('bookings list', () => {
  it('lists the owner’s bookings per status tab, naming the sitter', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    const calls = mockFetch((call) =>
      call.url.includes('status=accepted') ? page([makeBooking({ status: 'accepted' })]) : page([]),
    );
    renderApp('/bookings');
    expect(await screen.findByText('No pending bookings')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Accepted' }));
    expect(await screen.findByRole('article', { name: 'Dog walking booking' })).toHaveTextContent(
      'Sitter: Sam Ortega',
    );
    expect(calls.map((c) => c.url)).toContain('/api/booking/user?status=accepted&page=1&limit=20');
  });

  it('a direct request not paid yet says "Awaiting payment" in the list (no sitter sees it yet)', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    const base = makeBooking({ status: 'pending' });
    const unpaid = { ...base, payment: { ...base.payment, status: 'awaiting' as const } };
    mockFetch((call) =>
      call.url.startsWith('/api/booking/user?status=pending') ? page([unpaid]) : page([]),
    );
    renderApp('/bookings');
    const card = await screen.findByRole('article', { name: 'Dog walking booking' });
    expect(card).toHaveTextContent('Awaiting payment');
  });

  it('a booking without a sitter says "No sitter yet" while open and "No sitter" once cancelled', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    const noSitter = { provider_id: null, provider: null, price: null };
    mockFetch((call) => {
      if (!call.url.startsWith('/api/booking/user')) return page([]);
      const status = call.url.includes('status=cancelled') ? 'cancelled' : 'pending';
      return page([makeBooking({ ...noSitter, status })]);
    });
    renderApp('/bookings');
    const card = () => screen.getByRole('article', { name: 'Dog walking booking' });
    await waitFor(() => expect(card()).toHaveTextContent('No sitter yet'));
    await userEvent.click(screen.getByRole('tab', { name: 'Cancelled' }));
    await waitFor(() => expect(card()).toHaveTextContent(/No sitter(?! yet)/));
  });

  it('shows "Failed to load bookings" for an owner and "Failed to fetch in-progress bookings" for a sitter', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    mockFetch(() => ({ status: 500, body: {} }));
    const first = renderApp('/bookings');
    expect(await screen.findByText('Failed to load bookings')).toBeInTheDocument();
    first.unmount();

    storeSession({ id: SITTER_ID, userType: 'provider' });
    const calls = mockFetch(() => ({ status: 500, body: {} }));
    renderApp('/bookings?status=in-progress');
    expect(await screen.findByText('Failed to fetch in-progress bookings')).toBeInTheDocument();
    expect(calls[0]?.url).toBe(
      '/api/booking/provider/in-progress?status=in-progress&page=1&limit=20',
    );
  });

  it('loads past the first page as the list scrolls or "Load more" is pressed, then stops', async () => {
    storeSession({ id: SITTER_ID, userType: 'provider' });
    const io = stubIntersectionObserver();
    const all = Array.from({ length: 45 }, (_, i) => {
      const id = String(i).padStart(24, '0');
      const owner = {
        _id: OWNER_ID,
        id: OWNER_ID,
        firstName: 'Owner',
        lastName: `${i + 1}`,
        image: null,
      };
      return makeBooking({ _id: id, id, status: 'in-progress', owner });
    });
    const calls = mockFetch((call) => ({
      status: 200,
      body: { success: true, ...pageFrom(all, call.url) },
    }));
    renderApp('/bookings?status=in-progress');
    const cards = () => screen.getAllByRole('article', { name: 'Dog walking booking' });
    await waitFor(() => expect(cards()).toHaveLength(20));

    await io.scrollToEnd();
    await waitFor(() => expect(cards()).toHaveLength(40));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(45));
    expect(cards()[44]).toHaveTextContent('Owner: Owner 45');
    expect(new Set(cards().map((c) => c.textContent)).size).toBe(45);
    expect(screen.getByText('No more bookings')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(io.watched()).toBe(0);
    expect(calls.map((c) => c.url).filter((url) => url.startsWith('/api/booking'))).toEqual(
      [1, 2, 3].map(
        (p) => `/api/booking/provider/in-progress?status=in-progress&page=${p}&limit=20`,
      ),
    );
  });
});
