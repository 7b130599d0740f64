import type { UserDashboard } from '@pawsy/contract';
import type { UserCredits } from '../credits';
import userEvent from '@testing-library/user-event';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_RESUME_AFTER_MS } from '../../lib/live-channel';
import {
  liveStreamOpened,
  pushNotification,
  stubEventSource,
  streamTicketReply,
} from '../../test/fake-event-source';
import { mockFetch, type FetchCall } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';

const USER_ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';

function makeDashboard(overrides: Partial<UserDashboard> = {}): UserDashboard {
  return {
    user: {
      _id: USER_ID,
      id: USER_ID,
      firstName: 'Priya',
      lastName: 'Shah',
      userType: 'user',
      image: null,
      KYC_verified: false,
      is_verified: false,
      is_paid: false,
      memberSince: '2026-01-01T00:00:00.000Z',
    },
    pets: 2,
    notificationsUnread: 4,
    upcomingBookings: [
      {
        _id: 'dddddddddddddddddddddd01',
        status: 'accepted',
        startDate: '2030-05-01T09:00:00.000Z',
        endDate: '2030-05-01T10:00:00.000Z',
        service: 'dog-walking',
      },
    ],
    // More upcoming than the five listed: the tile counts them all.
    upcomingTotal: 11,
    bookingsByStatus: { accepted: 1 },
    creditsBalance: 1250,
    currency: 'USD',
    kycStatus: 'NOT_VERIFIED',
    ...overrides,
  };
}

const CREDITS_URL = `/api/userCredit/user-credits/${USER_ID}`;

function creditsReply(entries: UserCredits['entries'] = []) {
  const data: UserCredits = { userId: USER_ID, balance: 1250, currency: 'USD', entries };
  return { status: 200, body: { success: true, data } };
}

/** The dashboard also reads the member's credits: answered here unless a test answers it. */
function mockDashboardFetch(handler: Parameters<typeof mockFetch>[0]) {
  return mockFetch((call: FetchCall) =>
    call.url === CREDITS_URL ? creditsReply() : handler(call),
  );
}

describe('user dashboard', () => {
  it('shows counts, KYC status with a link to /kyc and the next bookings', async () => {
    storeSession({ id: USER_ID });
    const calls = mockDashboardFetch(({ url }) =>
      url === `/api/user/dashboard/${USER_ID}`
        ? { status: 200, body: { success: true, data: makeDashboard() } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/user-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: /, Priya$/ })).toBeInTheDocument();
    expect(calls.some((c) => c.url === `/api/user/dashboard/${USER_ID}`)).toBe(true);
    expect(screen.getByRole('link', { name: 'Go to verification' })).toHaveAttribute(
      'href',
      '/kyc',
    );
    // Owners are not booked: what verifying means for them, not a sitter's promise.
    expect(
      screen.getByText(/^KYC status: not verified\. A Pawsy admin checks your ID/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/booked more/)).not.toBeInTheDocument();
    const glance = screen.getByRole('region', { name: 'At a glance' });
    expect(within(glance).getByText('Pets').closest('div')).toHaveTextContent('Pets2');
    expect(within(glance).getByText('Upcoming bookings').closest('div')).toHaveTextContent(
      'Upcoming bookings11',
    );
    expect(within(glance).getByText('$12.50')).toBeInTheDocument();
    expect(within(glance).getByText('4')).toBeInTheDocument();
    // The house format of the booking pages, not the browser's own ("Wed, May 1, 9:00 AM – …").
    expect(
      screen.getByText(/^(Tue|Wed|Thu) \d May 2030, \d\d:\d\d–\d\d:\d\d$/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /^Dog walking, (Tue|Wed|Thu) \d May 2030, \d\d:\d\d–/ }),
    ).toHaveAttribute('href', '/booking-details/dddddddddddddddddddddd01');
    expect(screen.getByRole('link', { name: 'Find a sitter' })).toHaveAttribute(
      'href',
      '/petSitters',
    );
  });

  it('shows the latest credit activity, newest first, in and out', async () => {
    storeSession({ id: USER_ID });
    mockFetch(({ url }) => {
      if (url === `/api/user/dashboard/${USER_ID}`)
        return { status: 200, body: { success: true, data: makeDashboard() } };
      if (url === CREDITS_URL)
        return creditsReply([
          {
            _id: 'e1',
            amount: 2000,
            reason: 'Welcome credits',
            createdAt: '2026-11-01T10:00:00.000Z',
          },
          {
            _id: 'e2',
            amount: -750,
            reason: 'Booking payment',
            bookingId: 'dddddddddddddddddddddd01',
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ]);
      return { status: 200, body: { success: true, allNotifications: [] } };
    });
    renderApp('/user-dashboard');
    const list = await screen.findByRole('list', { name: 'Latest credit activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Booking payment 20 Nov 2026−$7.50',
      'Welcome credits 1 Nov 2026+$20.00',
    ]);
  });

  it('says a pending booking waits for the sitter viewing it, or is not confirmed yet', async () => {
    const pending = {
      _id: 'dddddddddddddddddddddd02',
      status: 'pending',
      startDate: '2030-05-02T09:00:00.000Z',
      endDate: '2030-05-02T10:00:00.000Z',
      service: 'dog-walking',
    };
    for (const [userType, words] of [
      ['provider', 'Waiting for your answer'],
      ['user', 'Not confirmed yet'],
    ] as const) {
      storeSession({ id: USER_ID, userType });
      const dashboard = makeDashboard({ upcomingBookings: [pending] });
      dashboard.user.userType = userType;
      mockFetch(({ url }) => {
        if (url === `/api/user/dashboard/${USER_ID}`)
          return { status: 200, body: { success: true, data: dashboard } };
        if (url === CREDITS_URL) return creditsReply();
        return { status: 200, body: { success: true, allNotifications: [] } };
      });
      const { unmount } = renderApp('/user-dashboard');
      const list = await screen.findByRole('list', { name: 'Next bookings' });
      expect(within(list).getByText(words)).toBeInTheDocument();
      unmount();
      sessionStorage.clear();
    }
  });

  it('shows all the credit activity sent on request, not only the five newest', async () => {
    storeSession({ id: USER_ID });
    const entries = Array.from({ length: 7 }, (_, i) => ({
      _id: `e${i}`,
      amount: 100 * (i + 1),
      reason: `Grant ${i + 1}`,
      createdAt: `2026-11-0${i + 1}T10:00:00.000Z`,
    }));
    mockFetch(({ url }) => {
      if (url === `/api/user/dashboard/${USER_ID}`)
        return { status: 200, body: { success: true, data: makeDashboard() } };
      if (url === CREDITS_URL) return creditsReply(entries);
      return { status: 200, body: { success: true, allNotifications: [] } };
    });
    renderApp('/user-dashboard');
    const latest = await screen.findByRole('list', { name: 'Latest credit activity' });
    expect(within(latest).getAllByRole('listitem')).toHaveLength(5);
    expect(within(latest).queryByText(/^Grant 1 /)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show all activity (7)' }));
    const all = screen.getByRole('list', { name: 'Credit activity' });
    expect(within(all).getAllByRole('listitem')).toHaveLength(7);
    expect(within(all).getAllByRole('listitem').at(-1)).toHaveTextContent('Grant 1');
    await userEvent.click(screen.getByRole('button', { name: 'Show the latest only' }));
    expect(
      within(screen.getByRole('list', { name: 'Latest credit activity' })).getAllByRole('listitem'),
    ).toHaveLength(5);
  });

  describe('greets by the local time of day', () => {
    afterEach(() => vi.useRealTimers());
    for (const [time, words] of [
      ['02:01', 'Good evening'],
      ['04:59', 'Good evening'],
      ['05:00', 'Good morning'],
      ['11:59', 'Good morning'],
      ['12:00', 'Good afternoon'],
      ['17:59', 'Good afternoon'],
      ['18:00', 'Good evening'],
    ] as const) {
      it(`${time}: "${words}"`, async () => {
        const [hours, minutes] = time.split(':').map(Number);
        // Only the clock is fake: the page's own timers and fetches run as usual.
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date(2030, 0, 15, hours, minutes));
        storeSession({ id: USER_ID });
        mockDashboardFetch(({ url }) =>
          url === `/api/user/dashboard/${USER_ID}`
            ? { status: 200, body: { success: true, data: makeDashboard() } }
            : { status: 200, body: { success: true, allNotifications: [] } },
        );
        renderApp('/user-dashboard');
        expect(
          await screen.findByRole('heading', { level: 1, name: `${words}, Priya` }),
        ).toBeInTheDocument();
      });
    }
  });

  it('renders the same screen at /dashboarddemo and shows the fallback on failure', async () => {
    storeSession({ id: USER_ID });
    mockFetch(() => ({ status: 500 }));
    renderApp('/dashboarddemo');
    expect(await screen.findByText('Failed to fetch user dashboard')).toBeInTheDocument();
  });

  /** /user-dashboard for a sitter whose dashboard reads `over` (KYC status, flag, credits). */
  function openAsSitter(over: {
    KYC_verified: boolean;
    kycStatus: string;
    creditsBalance?: number;
  }) {
    storeSession({ id: USER_ID, userType: 'provider' });
    const { KYC_verified, ...rest } = over;
    const dashboard = makeDashboard({
      user: { ...makeDashboard().user, userType: 'provider', KYC_verified },
      ...rest,
    });
    const calls = mockDashboardFetch(({ url }) =>
      url.startsWith('/api/user/dashboard/')
        ? { status: 200, body: { success: true, data: dashboard } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/user-dashboard');
    return calls;
  }

  it('gives a provider "View requests" and no pets count', async () => {
    openAsSitter({ KYC_verified: true, kycStatus: 'Verified' });
    expect(await screen.findByText('Identity verified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View requests' })).toHaveAttribute(
      'href',
      '/request-page',
    );
    expect(screen.queryByRole('link', { name: 'Go to verification' })).not.toBeInTheDocument();
    expect(screen.queryByText('Pets')).not.toBeInTheDocument();
    // This sitter holds credits (1,250 cents): they are shown.
    expect(screen.getByText('Credits balance')).toBeInTheDocument();
  });

  it('tells a sitter whose verification an admin withdrew to send documents again', async () => {
    openAsSitter({ KYC_verified: false, kycStatus: 'Verified' });
    expect(await screen.findByText('Verify your identity')).toBeInTheDocument();
    expect(
      screen.getByText(
        'An admin has withdrawn your verified status: send your documents again to be checked.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/KYC status: Verified/)).not.toBeInTheDocument();
  });

  it('shows a sitter without credits no credits (they pay for bookings sitters do not make)', async () => {
    const calls = openAsSitter({ KYC_verified: true, kycStatus: 'Verified', creditsBalance: 0 });
    expect(await screen.findByText('Identity verified')).toBeInTheDocument();
    expect(screen.getByText('Upcoming bookings')).toBeInTheDocument();
    expect(screen.queryByText('Credits balance')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /credits/i })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('user-credits'))).toBe(false);
  });

  describe('follows the bell', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('shows no unread ones after "Mark all read", and more when one arrives', async () => {
      storeSession({ id: USER_ID });
      stubEventSource();
      let unread = 11;
      const unreadOne = {
        _id: 'n1',
        type: 'account',
        message: 'Welcome',
        read: false,
        time: '2026-01-01T10:00:00.000Z',
        data: { datetime: '2026-01-01T10:00:00.000Z' },
      };
      mockDashboardFetch(({ url, method }) => {
        if (url === `/api/user/dashboard/${USER_ID}`)
          return {
            status: 200,
            body: { success: true, data: makeDashboard({ notificationsUnread: unread }) },
          };
        if (url === '/api/notifications/stream-ticket') return streamTicketReply;
        if (url === '/api/notifications/mark-all-read' && method === 'POST') {
          unread = 0;
          return {
            status: 200,
            body: { success: true, message: 'ok', updated: 11, data: { updated: 11 } },
          };
        }
        const items = unread > 0 ? [unreadOne] : [];
        return {
          status: 200,
          body: {
            success: true,
            allNotifications: items,
            page: 1,
            limit: 20,
            total: unread,
            totalPages: 1,
            hasMore: false,
          },
        };
      });
      renderApp('/user-dashboard');
      const tile = async () =>
        within(await screen.findByRole('region', { name: 'At a glance' }))
          .getByText('Unread notifications')
          .closest('div');
      await waitFor(async () => expect(await tile()).toHaveTextContent('Unread notifications11'));

      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Notifications, 11 unread' }));
      await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
      await waitFor(async () => expect(await tile()).toHaveTextContent('Unread notifications0'));

      unread = 1;
      pushNotification({ _id: 'n2', type: 'account', message: 'Hello again' });
      await waitFor(async () => expect(await tile()).toHaveTextContent('Unread notifications1'));
    });

    it('counts again when the tab comes back after a while hidden', async () => {
      storeSession({ id: USER_ID });
      stubEventSource();
      let unread = 4;
      mockDashboardFetch(({ url }) => {
        if (url === `/api/user/dashboard/${USER_ID}`)
          return {
            status: 200,
            body: { success: true, data: makeDashboard({ notificationsUnread: unread }) },
          };
        if (url === '/api/notifications/stream-ticket') return streamTicketReply;
        return { status: 200, body: { success: true, allNotifications: [], hasMore: false } };
      });
      renderApp('/user-dashboard');
      const glance = await screen.findByRole('region', { name: 'At a glance' });
      const tile = () => within(glance).getByText('Unread notifications').closest('div');
      await waitFor(() => expect(tile()).toHaveTextContent('Unread notifications4'));
      await liveStreamOpened();

      // The laptop slept: two notifications were written, the stream delivered neither.
      let visibility: DocumentVisibilityState = 'visible';
      vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
      const setVisibility = (state: DocumentVisibilityState) => {
        visibility = state;
        act(() => void document.dispatchEvent(new Event('visibilitychange')));
      };
      vi.useFakeTimers({ shouldAdvanceTime: true });
      setVisibility('hidden');
      unread = 6;
      await act(() => vi.advanceTimersByTimeAsync(LIVE_RESUME_AFTER_MS));
      setVisibility('visible');
      await waitFor(() => expect(tile()).toHaveTextContent('Unread notifications6'));
    });
  });
});
