import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
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
    expect(calls.map((c) => c.url)).toContain('/api/booking/user?status=accepted&limit=50');
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
    expect(calls[0]?.url).toBe('/api/booking/provider/in-progress?status=in-progress&limit=50');
  });
});
