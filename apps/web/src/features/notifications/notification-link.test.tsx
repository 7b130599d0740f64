import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import { notificationLink } from './notification-link';

const B = 'b'.repeat(24);
const D = 'd'.repeat(24);
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();
const note = (id: string, type: string, message: string, data: object, minute: number) => ({
  _id: id,
  type,
  message,
  read: false,
  time: at(minute),
  data: { datetime: at(minute), ...data },
});

describe('notificationLink: each type the API sends, to its screen', () => {
  it.each([
    ['message', { bookingId: B, messageId: 'm' }, `/chat-room?booking=${B}`],
    [
      'message',
      { bookingId: B, messageId: 'm', withUserId: 'u3' },
      `/chat-room?booking=${B}&with=u3`,
    ],
    ['booking-request', { bookingId: B }, `/booking-details/${B}`],
    ['booking-invitation', { bookingId: B, requestId: 'r' }, `/booking-details/${B}`],
    ['booking-decision', { bookingId: B, decision: 'accepted' }, `/booking-details/${B}`],
    ['booking-withdrawn', { bookingId: B }, '/request-page'],
    ['review', { bookingId: B, reviewId: 'r' }, `/booking-details/${B}`],
    ['dispute', { disputeId: D, bookingId: B, status: 'open' }, `/dispute/${D}`],
    ['kyc', { kycId: 'k', status: 'Verified' }, '/kyc'],
    ['kyc-message', { kycId: 'k', messageId: 'm' }, '/kyc'],
    ['credits', { amount: 500, balance: 500, entryId: 'e' }, '/user-dashboard'],
    ['subscription', { subscriptionId: 's' }, '/Settings'],
    ['series-request', { seriesId: 's' }, '/bookings'],
    ['series-cancelled', { seriesId: 's', bookingId: B }, `/booking-details/${B}`],
    ['welcome', {}, '/profile'],
    ['account', { flags: {} }, null],
    // Only admins are sent these; anyone else has no inbox to open.
    ['contact-message', { contactMessageId: 'c', email: 'ann@example.test' }, null],
  ])('%s → %s', (type, data, path) => {
    expect(notificationLink({ type, data })).toBe(path);
  });

  it('sends an admin to the admin page of a dispute', () => {
    expect(notificationLink({ type: 'dispute', data: { disputeId: D } }, { isAdmin: true })).toBe(
      `/admin/dispute/${D}`,
    );
  });

  it('sends an admin to the review of the member whose KYC message it is', () => {
    const data = { kycId: 'k', messageId: 'm', userId: 'u7' };
    expect(notificationLink({ type: 'kyc-message', data }, { isAdmin: true })).toBe(
      '/dashboard/kyc/user/u7',
    );
    expect(notificationLink({ type: 'kyc-message', data })).toBe('/kyc');
  });

  it('sends an admin to the inbox of contact messages', () => {
    const data = { contactMessageId: 'c', email: 'ann@example.test' };
    expect(notificationLink({ type: 'contact-message', data }, { isAdmin: true })).toBe(
      '/admin/messages',
    );
  });
});

describe("the admin's bell", () => {
  it('opens the inbox from a contact message', async () => {
    storeSession({ userType: 'admin' });
    const contact = note(
      'n1',
      'contact-message',
      'New contact message from Ann Visitor: Booking help',
      { contactMessageId: 'c'.repeat(24), email: 'ann@example.test' },
      1,
    );
    const meta = { page: 1, limit: 20, total: 1, totalPages: 1, hasMore: false };
    mockFetch(({ url, method }) => {
      if (url.startsWith('/api/notifications/all'))
        return { status: 200, body: { success: true, allNotifications: [contact], ...meta } };
      if (method === 'POST' && url === '/api/notifications/n1/read')
        return { status: 200, body: { success: true, message: 'ok', data: contact } };
      if (url.startsWith('/api/contact'))
        return { status: 200, body: { success: true, data: [], ...meta, total: 0 } };
      return { status: 200, body: { success: true, data: [] } };
    });
    const { router } = renderApp('/coupons');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('link', { name: /New contact message from Ann/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/messages'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact messages' }),
    ).toBeInTheDocument();
  });
});

describe('the bell', () => {
  it('links each notification about a screen there and closes on navigation', async () => {
    storeSession();
    const items = [
      note('n1', 'message', 'New message from Sam S.: hi', { bookingId: B, messageId: 'm' }, 3),
      note('n2', 'booking-decision', 'Sam accepted the booking', { bookingId: B }, 2),
      note('n3', 'account', 'An admin updated your account', { flags: {} }, 1),
    ];
    const calls = mockFetch(({ url, method }) => {
      if (url.startsWith('/api/notifications/all'))
        return {
          status: 200,
          body: {
            success: true,
            allNotifications: items,
            page: 1,
            limit: 20,
            total: 3,
            totalPages: 1,
            hasMore: false,
          },
        };
      const read = /^\/api\/notifications\/(\w+)\/read$/.exec(url);
      if (read && method === 'POST') {
        const item = items.find((n) => n._id === read[1])!;
        return {
          status: 200,
          body: { success: true, message: 'ok', data: { ...item, read: true } },
        };
      }
      return { status: 404, body: { message: 'Not found' } };
    });
    const { router } = renderApp('/pet-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const list = await screen.findByRole('list', { name: 'Unread notifications' });
    expect(within(list).getByRole('link', { name: /New message from Sam/ })).toHaveAttribute(
      'href',
      `/chat-room?booking=${B}`,
    );
    expect(within(list).queryByRole('link', { name: 'An admin updated your account' })).toBeNull();
    expect(within(list).getByText('An admin updated your account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeInTheDocument();

    await user.click(within(list).getByRole('link', { name: 'Sam accepted the booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/booking-details/${B}`));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Unread notifications' })).toBeNull(),
    );
    // Following it marked it read: it is gone from the count and the list.
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/notifications/n2/read',
    ]);
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    const after = await screen.findByRole('list', { name: 'Unread notifications' });
    expect(within(after).queryByText('Sam accepted the booking')).toBeNull();

    // One with no screen to open is marked read from its own button.
    await user.click(
      within(after).getByRole('button', { name: 'Mark read: An admin updated your account' }),
    );
    expect(within(after).queryByText('An admin updated your account')).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toContain(
      '/api/notifications/n3/read',
    );
  });
});

describe('the bell, for an owner talking with several sitters on an open booking', () => {
  const OWNER = { _id: 'u1', firstName: 'Olivia', lastName: 'Owner' };
  const ANN = { _id: 'u2', firstName: 'Ann', lastName: 'A.' };
  const BOB = { _id: 'u3', firstName: 'Bob', lastName: 'B.' };
  const message = (id: string, text: string, from: typeof ANN) => ({
    _id: id,
    bookingId: B,
    booking: B,
    text,
    sender: from,
    recipient: OWNER,
    createdAt: at(1),
    sentAt: at(1),
    read: false,
    readAt: null,
  });
  const FROM_ANN = message('m1', 'Hello from Ann', ANN);
  const FROM_BOB = message('m2', 'Hello from Bob', BOB);
  const conversation = (sitter: typeof ANN, last: typeof FROM_ANN) => ({
    _id: B,
    bookingId: B,
    booking: {
      _id: B,
      service: 'Dog walking',
      status: 'pending',
      startDate: at(0),
      endDate: at(1),
    },
    owner: OWNER,
    provider: null,
    otherParty: sitter,
    lastMessage: last,
    unreadCount: 1,
    updatedAt: at(1),
  });
  const meta = (total: number) => ({ page: 1, limit: 20, total, totalPages: 1, hasMore: false });

  it("opens the thread with the sitter who wrote, not the booking's first", async () => {
    storeSession({ id: OWNER._id });
    const data = { bookingId: B, messageId: FROM_BOB._id, withUserId: BOB._id };
    const fromBob = note('n1', 'message', 'New message from Bob B.: Hello from Bob', data, 3);
    const calls = mockFetch(({ url }) => {
      if (url.startsWith('/api/notifications/all'))
        return { status: 200, body: { success: true, allNotifications: [fromBob], ...meta(1) } };
      if (url.startsWith('/api/messages/conversations'))
        return {
          status: 200,
          body: {
            success: true,
            data: [conversation(ANN, FROM_ANN), conversation(BOB, FROM_BOB)],
            meta: meta(1),
          },
        };
      if (url.startsWith('/api/messages/thread')) {
        const withUser = new URL(url, 'http://x').searchParams.get('withUserId');
        const data = [FROM_ANN, FROM_BOB].filter((m) => !withUser || m.sender._id === withUser);
        return { status: 200, body: { success: true, data, meta: meta(data.length) } };
      }
      return { status: 404, body: { message: 'Not found' } };
    });
    const { router } = renderApp('/pet-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('link', { name: /New message from Bob/ }));

    await screen.findByRole('heading', { name: 'Chat with Bob B.' });
    expect(router.state.location.pathname).toBe('/chat-room');
    const messages = await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(within(messages).getByText('Hello from Bob')).toBeInTheDocument());
    expect(within(messages).queryByText('Hello from Ann')).toBeNull();
    expect(calls.some((c) => c.url.includes(`withUserId=${BOB._id}`))).toBe(true);
  });
});
