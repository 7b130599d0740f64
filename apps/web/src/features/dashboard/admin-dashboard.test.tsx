import type { AdminDashboard } from '@pawsy/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';

const ADMIN_ID = 'aaaaaaaaaaaaaaaaaaaaaaa9';

function makeDashboard(): AdminDashboard {
  const perDay = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10),
    count: i === 29 ? 7 : 1,
  }));
  return {
    generatedAt: '2026-11-25T10:00:00.000Z',
    since: '2026-10-27T00:00:00.000Z',
    users: {
      total: 1234,
      byRole: { user: 1000, provider: 230, admin: 4 },
      newPerWeek: Array.from({ length: 12 }, (_, i) => ({
        date: new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10),
        count: 10 + i,
      })),
    },
    bookings: { last30Days: 5000, byStatus: { pending: 12, completed: 4988 }, perDay },
    kycPending: 3,
    disputesOpen: 2,
    revenue: { last30DaysCents: 123456, currency: 'usd' },
    activeSubscriptions: 42,
    creditsGranted: { last30DaysCents: 5000, currency: 'USD' },
  };
}

describe('admin dashboard', () => {
  it('shows the counts, the charts with their figures, and the time of the last fetch', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch(({ url }) =>
      url === '/api/admin-dashboard'
        ? { status: 200, body: { success: true, data: makeDashboard() } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const { store } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
    const glance = await screen.findByRole('region', { name: 'At a glance' });
    expect(within(glance).getByText('KYC pending').closest('div')).toHaveTextContent(
      'KYC pending3',
    );
    expect(within(glance).getByText('Disputes open').closest('div')).toHaveTextContent('2');
    // The figure opens the dispute list on the open ones.
    expect(within(glance).getByRole('link', { name: 'Disputes open' })).toHaveAttribute(
      'href',
      '/admin/disputes?status=open',
    );
    expect(within(glance).getByText('Revenue (30 days)').closest('div')).toHaveTextContent(
      '$1,234.56',
    );
    expect(within(glance).getByText('Active subscriptions').closest('div')).toHaveTextContent('42');
    const perDay = screen.getByRole('region', { name: 'Bookings per day (30 days)' });
    expect(within(perDay).getByRole('rowheader', { name: '25 Nov' }).nextSibling).toHaveTextContent(
      '7',
    );
    const roles = screen.getByRole('region', { name: 'Users by role' });
    expect(within(roles).getByRole('rowheader', { name: 'Sitters' }).nextSibling).toHaveTextContent(
      '230',
    );
    expect(screen.getByRole('region', { name: 'New users per week' })).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Bookings by status (30 days)' }),
    ).toBeInTheDocument();

    const fetchedAt = store.getState().dashboard.lastFetchedAt;
    expect(fetchedAt).not.toBeNull();
    expect(screen.getByText(/Last updated/).querySelector('time')).toHaveAttribute(
      'datetime',
      fetchedAt!,
    );
    expect(calls.filter((c) => c.url === '/api/admin-dashboard')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/admin-dashboard')).toHaveLength(2),
    );
  });

  it("says 'Unable to load admin dashboard' with the server's message when the fetch fails", async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    mockFetch(({ url }) =>
      url === '/api/admin-dashboard'
        ? { status: 503, body: { message: 'Database unavailable' } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const { store } = renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load admin dashboard');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(store.getState().dashboard.lastFetchedAt).toBeNull();
  });

  it("falls back to 'Failed to fetch admin dashboard' when the server gives no message", async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    mockFetch(({ url }) =>
      url === '/api/admin-dashboard'
        ? { status: 500 }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch admin dashboard');
  });
});
