import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../test/fake-event-source';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import type { AppNotification } from './notifications-api';
import { mergeNotifications, sortNewestFirst } from './notifications-model';

// `time` may be left out: ordering must then fall back to data.datetime.
type TestNotification = Omit<AppNotification, 'time' | 'data'> & {
  time?: string;
  data: { datetime?: string };
};

function makeNotification(id: string, overrides: Partial<TestNotification> = {}): TestNotification {
  return {
    _id: id,
    type: 'account',
    message: `Message ${id}`,
    read: false,
    data: {},
    ...overrides,
  };
}

/** GET /api/notifications/all as the API answers it: one page with its paging fields. */
function listReply(items: TestNotification[], page = 1, limit = 20, total = items.length) {
  const totalPages = Math.ceil(total / limit);
  const body = { success: true, allNotifications: items, page, limit, total, totalPages };
  return { status: 200, body: { ...body, hasMore: page < totalPages } };
}
const isListCall = (url: string) => url.startsWith('/api/notifications/all');

function ticketReply(ticket: string) {
  const expiresAt = new Date(Date.now() + 60_000).toISOString();
  return { status: 200, body: { success: true, data: { ticket, expiresAt } } };
}

// Three unread ones whose newest-first order needs both keys: time, else data.datetime.
const oldest = makeNotification('n1', { message: 'Oldest', time: '2026-01-01T10:00:00.000Z' });
const newest = makeNotification('n2', {
  message: 'Newest',
  data: { datetime: '2026-03-01T10:00:00.000Z' },
});
const middle = makeNotification('n3', { message: 'Middle', time: '2026-02-01T10:00:00.000Z' });

async function listTexts(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: 'Unread notifications' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.firstChild?.firstChild?.textContent ?? ''); // the message, before its time
}

describe('notifications', () => {
  it('sorts newest first by time or data.datetime and drops duplicates by _id', () => {
    expect(sortNewestFirst([oldest, newest, middle]).map((n) => n._id)).toEqual(['n2', 'n3', 'n1']);
    const live = makeNotification('n4', { time: '2026-04-01T00:00:00.000Z' });
    const merged = mergeNotifications(sortNewestFirst([oldest, newest]), [live, newest]);
    expect(merged.map((n) => n._id)).toEqual(['n4', 'n2', 'n1']);
  });

  it('shows the unread count, lists newest first, and mark-all-read empties the list', async () => {
    storeSession();
    const calls = mockFetch(({ url, method }) => {
      if (isListCall(url)) return listReply([oldest, newest, middle]);
      if (url === '/api/notifications/mark-all-read' && method === 'POST')
        return {
          status: 200,
          body: { success: true, message: 'ok', updated: 3, data: { updated: 3 } },
        };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/pet-details');
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    await user.click(bell);
    expect(await listTexts()).toEqual(['Newest', 'Middle', 'Oldest']);

    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
    const post = calls.find((c) => c.url === '/api/notifications/mark-all-read');
    expect(post).toMatchObject({ method: 'POST' });
    expect(post!.body).toBeUndefined();
  });

  it('opens on its title, not on "Mark all read" (Enter twice must not clear them all)', async () => {
    storeSession();
    mockFetch(({ url }) => (isListCall(url) ? listReply([oldest, newest]) : { status: 404 }));
    renderApp('/pet-details');
    const user = userEvent.setup();
    screen.getByRole('button', { name: /^Notifications/ }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Notifications')).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeEnabled();
  });

  it('keeps the focus in the open dropdown after "Mark all read" by keyboard', async () => {
    storeSession();
    mockFetch(({ url }) =>
      isListCall(url)
        ? listReply([oldest, newest])
        : { status: 200, body: { success: true, message: 'ok', data: { updated: 2 } } },
    );
    renderApp('/pet-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByRole('button', { name: 'Mark all read' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('You are all caught up.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(within(dialog).getByText('Notifications')).toHaveFocus();
  });

  it('loads the next page when there is more, and mark-all-read empties every page', async () => {
    storeSession();
    // 23 unread, newest first: a full page of 20, then 3.
    const unread = Array.from({ length: 23 }, (_, i) =>
      makeNotification(`p${i}`, {
        message: `Unread ${i}`,
        time: new Date(Date.UTC(2026, 0, 1, 0, 59 - i)).toISOString(),
      }),
    );
    const calls = mockFetch(({ url, method }) => {
      if (isListCall(url)) {
        const query = new URL(url, 'http://x').searchParams;
        const page = Number(query.get('page'));
        const limit = Number(query.get('limit'));
        const rows = unread.slice((page - 1) * limit, page * limit);
        return listReply(rows, page, limit, unread.length);
      }
      if (url === '/api/notifications/mark-all-read' && method === 'POST')
        return { status: 200, body: { success: true, message: 'ok', updated: 23 } };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/pet-details');
    const user = userEvent.setup();
    // The count is the API's total, not only the page shown.
    await user.click(await screen.findByRole('button', { name: 'Notifications, 23 unread' }));
    expect(await listTexts()).toHaveLength(20);
    expect(calls.filter((c) => isListCall(c.url)).map((c) => c.url)).toContain(
      '/api/notifications/all?page=1&limit=20',
    );

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await listTexts()).toHaveLength(23));
    expect(await listTexts()).toEqual(unread.map((n) => n.message));
    expect(calls.some((c) => c.url === '/api/notifications/all?page=2&limit=20')).toBe(true);
    expect(screen.getByText('No more notifications')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps what is shown when a later page fails, and tries again', async () => {
    storeSession();
    const first = Array.from({ length: 20 }, (_, i) =>
      makeNotification(`f${i}`, { time: new Date(Date.UTC(2026, 1, 1, 0, 59 - i)).toISOString() }),
    );
    const last = makeNotification('last', {
      message: 'The last one',
      time: '2026-01-01T00:00:00Z',
    });
    let failNext = true;
    mockFetch(({ url }) => {
      if (!isListCall(url)) return { status: 404, body: { message: 'Not found' } };
      if (url.includes('page=1')) return listReply(first, 1, 20, 21);
      if (failNext) {
        failNext = false;
        return { status: 503, body: { message: 'Try later' } };
      }
      return listReply([last], 2, 20, 21);
    });
    renderApp('/pet-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 21 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Try later')).toBeInTheDocument();
    expect(await listTexts()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await listTexts()).toHaveLength(21));
    expect((await listTexts()).at(-1)).toBe('The last one');
  });

  it('shows the fallback when clearing fails without a server message', async () => {
    storeSession();
    mockFetch(({ url }) => (isListCall(url) ? listReply([oldest]) : { status: 500 }));
    renderApp('/pet-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('Failed to clear notifications')).toBeInTheDocument();
    expect(await listTexts()).toEqual(['Oldest']);
  });

  it('opens the live stream with a fresh ticket, never the token, and closes it at logout', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const { token } = storeSession();
    const calls = mockFetch(({ url }) => {
      if (isListCall(url)) return listReply([oldest]);
      if (url === '/api/notifications/stream-ticket') return ticketReply('t-1');
      return { status: 200, body: { success: true } };
    });
    renderApp('/pet-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0]!;
    const url = new URL(source.url, 'http://localhost');
    expect(url.pathname).toBe('/api/notifications/stream');
    expect([...url.searchParams.keys()]).toEqual(['ticket']);
    expect(url.searchParams.get('ticket')).toBe('t-1');
    expect(source.url).not.toContain(token);
    const ticketCall = calls.find((c) => c.url === '/api/notifications/stream-ticket')!;
    expect(ticketCall.method).toBe('POST');
    expect(ticketCall.headers['x-auth-token']).toBe(token);
    expect(ticketCall.headers['secret-key']).toBeTruthy();

    const pushed = makeNotification('n9', {
      message: 'Pushed live',
      time: new Date().toISOString(),
    });
    act(() => {
      source.emit('notification', pushed);
      source.emit('notification', pushed);
    });
    await waitFor(async () => expect(await listTexts()).toEqual(['Pushed live', 'Oldest']));
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();

    // Read elsewhere (its chat thread was opened): it leaves the list and the count.
    act(() => source.emit('notifications-read', { ids: ['n9'] }));
    await waitFor(async () => expect(await listTexts()).toEqual(['Oldest']));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(source.readyState).toBe(FakeEventSource.CLOSED));
  });

  it('after a stream error waits, then reconnects with a new ticket', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    storeSession();
    let issued = 0;
    const calls = mockFetch(({ url }) => {
      if (isListCall(url)) return listReply([]);
      if (url === '/api/notifications/stream-ticket') return ticketReply(`t-${++issued}`);
      return { status: 200, body: { success: true } };
    });
    renderApp('/pet-details');
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = FakeEventSource.instances[0]!;
    act(() => first.fail());
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    await act(async () => {
      vi.advanceTimersByTime(4_000);
    });
    expect(FakeEventSource.instances).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(1_500);
    });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(new URL(FakeEventSource.instances[1]!.url, 'http://x').searchParams.get('ticket')).toBe(
      't-2',
    );
    expect(calls.filter((c) => c.url === '/api/notifications/stream-ticket')).toHaveLength(2);
  });
});
