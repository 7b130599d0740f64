import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider';
import { createTestStore } from '../../app/store';
import {
  dropAndReconnect,
  FakeEventSource,
  liveStreamOpened,
  stubEventSource,
} from '../../test/fake-event-source';
import { mockFetch } from '../../test/fetch-mock';
import { pageFrom, stubIntersectionObserver } from '../../test/paging';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import { loggedIn, loggedOut } from '../auth';
import type { Conversation } from './chat-api';
import { BOOKING, chatRoomApi, conversation, ME, meta, msg, SAM } from './test/chat-fixtures';
import { chatModalOpened } from './chat-modal-slice';
import { CHAT_POLL_MS } from './use-chat';
import { ChatButton } from './components/chat-button';
import { chatUserSeen, fetchConversations, fetchThread, messageReceived } from './chat-slice';

// A second conversation, not opened, with two unread messages from Maya.
const MAYA = { _id: 'u3', id: 'u3', firstName: 'Maya', lastName: 'Sitter' };
const otherConversation: Conversation = {
  ...conversation(null, 2),
  _id: 'c'.repeat(24),
  bookingId: 'c'.repeat(24),
  provider: MAYA,
  otherParty: MAYA,
};

const session = {
  token: 't',
  user: { id: 'u1', email: 'o@x.test', userType: 'user' },
  expiresAt: null,
};

describe('chat slice rules', () => {
  it('adds incoming messages to the front and skips the same id or the same text within 1 s', () => {
    const store = createTestStore();
    store.dispatch(chatUserSeen('u1'));
    const first = msg('m1', 'Hello', '2026-11-25T10:00:00.000Z');
    store.dispatch(messageReceived(first));
    store.dispatch(messageReceived(msg('m2', 'On my way', '2026-11-25T10:00:05.000Z')));
    store.dispatch(messageReceived({ ...first, text: 'edited copy' })); // same id
    store.dispatch(messageReceived(msg('m3', 'On my way', '2026-11-25T10:00:05.900Z'))); // < 1 s
    store.dispatch(messageReceived(msg('m4', 'On my way', '2026-11-25T10:00:07.000Z'))); // > 1 s
    expect(store.getState().chat.threads[BOOKING]!.map((m) => m._id)).toEqual(['m4', 'm2', 'm1']);
  });

  it('skips the same text within 1 s in fetched pages too, poll after poll', () => {
    const store = createTestStore();
    store.dispatch(chatUserSeen('u1'));
    const page = [
      msg('m4', 'On my way', '2026-11-25T10:00:07.000Z'),
      msg('m3', 'On my way', '2026-11-25T10:00:05.900Z'),
      msg('m2', 'On my way', '2026-11-25T10:00:05.000Z'),
      msg('m1', 'Hello', '2026-11-25T10:00:00.000Z'),
    ];
    const poll = () =>
      store.dispatch(
        fetchThread.fulfilled({ data: page, meta: meta(4) }, 'poll', { bookingId: BOOKING }),
      );
    poll();
    expect(store.getState().chat.threads[BOOKING]!.map((m) => m._id)).toEqual(['m4', 'm2', 'm1']);
    poll();
    expect(store.getState().chat.threads[BOOKING]!.map((m) => m._id)).toEqual(['m4', 'm2', 'm1']);
  });

  it('clears all chat state when a different user logs in, keeps it for the same user', () => {
    const store = createTestStore();
    store.dispatch(loggedIn(session as never));
    store.dispatch(messageReceived(msg('m1', 'Hello', '2026-11-25T10:00:00.000Z')));
    store.dispatch(chatModalOpened({ bookingId: BOOKING, owner: ME, provider: SAM }));
    store.dispatch(chatUserSeen('u1'));
    expect(store.getState().chat.threads[BOOKING]).toHaveLength(1);
    store.dispatch(loggedIn({ ...session, user: { ...session.user, id: 'u9' } } as never));
    expect(store.getState().chat.threads).toEqual({});
    expect(store.getState().chat.userId).toBe('u9');
    expect(store.getState().chatModal).toMatchObject({ open: false, selectedBooking: null });
  });

  it('empties the chat on logout', () => {
    const store = createTestStore();
    store.dispatch(loggedIn(session as never));
    store.dispatch(messageReceived(msg('m1', 'Hello', '2026-11-25T10:00:00.000Z')));
    store.dispatch(loggedOut());
    expect(store.getState().chat.threads).toEqual({});
  });

  it("shows SPEC §8's fallback when the thread fails without a server message", async () => {
    storeSession({ id: 'u1' });
    mockFetch((call) =>
      call.url.startsWith('/api/messages/conversations')
        ? { status: 200, body: { success: true, data: [], meta: { total: 0, hasMore: false } } }
        : { status: 500 },
    );
    const store = createTestStore();
    await store.dispatch(fetchThread({ bookingId: BOOKING }));
    expect(store.getState().chat.threadError).toBe('Failed to fetch conversation thread');
    // The conversation list's next poll is no answer about the thread: the error stays.
    await store.dispatch(fetchConversations());
    expect(store.getState().chat.threadError).toBe('Failed to fetch conversation thread');
  });
});

describe('/chat-room', () => {
  it('lists conversations with unread counts, shows the thread and sends with the labelled box', async () => {
    storeSession({ id: 'u1' });
    const older = msg('m1', 'Hi Olivia', '2026-11-25T10:00:00.000Z');
    const newer = msg('m2', 'Rex was great', '2026-11-25T10:05:00.000Z');
    const calls = mockFetch(({ url, method, body }) => {
      if (url.startsWith('/api/messages/conversations'))
        return {
          status: 200,
          body: { success: true, data: [conversation(newer, 0), otherConversation], meta: meta(2) },
        };
      if (url.startsWith('/api/messages/thread'))
        return { status: 200, body: { success: true, data: [newer, older], meta: meta(2) } };
      if (url === '/api/messages/' && method === 'POST') {
        const { text } = body as { text: string };
        return {
          status: 201,
          body: { success: true, data: msg('m3', text, new Date().toISOString(), ME, SAM) },
        };
      }
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/chat-room');
    const nav = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(within(nav).getByText('Sam Sitter')).toBeInTheDocument();
    expect(within(nav).getByLabelText('2 unread')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([expect.stringContaining('Hi Olivia'), expect.stringContaining('Rex was great')]),
    );
    expect(calls.some((c) => c.url.includes(`/api/messages/thread?bookingId=${BOOKING}`))).toBe(
      true,
    );

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /message/i }), 'See you at 9{Enter}');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    // The owner's thread is with the assigned sitter, named as the one written to.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      bookingId: BOOKING,
      text: 'See you at 9',
      recipientId: SAM._id,
    });
    expect(screen.getByRole('textbox', { name: /message/i })).toHaveValue('');
  });

  it("shows the owner only her messages with the assigned sitter, not an earlier applicant's", async () => {
    storeSession({ id: 'u1' });
    const ann = { _id: 'u7', id: 'u7', firstName: 'Ann', lastName: 'Applicant' };
    const fromSam = msg('m1', 'See you Saturday', '2026-11-25T10:05:00.000Z');
    const fromAnn = msg('m2', 'Still free?', '2026-11-25T10:00:00.000Z', ann, ME);
    const calls = mockFetch(
      chatRoomApi(fromSam, () => ({
        status: 200,
        body: { success: true, data: [fromSam, fromAnn], meta: meta(2) },
      })),
    );
    renderApp('/chat-room');
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('See you Saturday');
    expect(within(list).queryByText('Still free?')).not.toBeInTheDocument();
    expect(
      calls.some(
        (c) => c.url.includes(`bookingId=${BOOKING}`) && c.url.includes(`withUserId=${SAM._id}`),
      ),
    ).toBe(true);
  });

  it("shows 'Failed to send message' when sending fails without a server message", async () => {
    storeSession({ id: 'u1' });
    mockFetch(({ url }) => {
      if (url.startsWith('/api/messages/conversations'))
        return {
          status: 200,
          body: { success: true, data: [conversation(null, 0)], meta: meta(1) },
        };
      if (url.startsWith('/api/messages/thread'))
        return { status: 200, body: { success: true, data: [], meta: meta(0) } };
      return { status: 500 };
    });
    renderApp('/chat-room');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /message/i }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
  });
});

describe('/chat-room: which booking', () => {
  it('shows only "Booking not found" for a booking the user is not party to: no empty state, no composer', async () => {
    storeSession({ id: 'u1' });
    const foreign = 'f'.repeat(24);
    mockFetch(({ url }) => {
      if (url.startsWith('/api/messages/conversations'))
        return {
          status: 200,
          body: { success: true, data: [conversation(null, 0)], meta: meta(1) },
        };
      if (url.startsWith(`/api/messages/thread?bookingId=${foreign}`))
        return { status: 404, body: { message: 'Booking not found' } };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp(`/chat-room?booking=${foreign}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Booking not found');
    expect(screen.getAllByText('Booking not found')).toHaveLength(1);
    expect(screen.queryByText('No messages yet. Say hello!')).toBeNull();
    expect(screen.queryByRole('textbox', { name: /message/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Chat' })).toBeNull();
  });

  it('tells conversations with the same person and service apart by the booking date', async () => {
    storeSession({ id: 'u1' });
    const second: Conversation = {
      ...conversation(null, 0),
      _id: 'd'.repeat(24),
      bookingId: 'd'.repeat(24),
      booking: {
        ...conversation(null, 0).booking,
        _id: 'd'.repeat(24),
        startDate: '2026-12-08T10:00:00.000Z',
        endDate: '2026-12-08T11:00:00.000Z',
      },
    };
    mockFetch(({ url }) => {
      if (url.startsWith('/api/messages/conversations'))
        return {
          status: 200,
          body: { success: true, data: [conversation(null, 0), second], meta: meta(2) },
        };
      if (url.startsWith('/api/messages/thread'))
        return { status: 200, body: { success: true, data: [], meta: meta(0) } };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/chat-room');
    const nav = await screen.findByRole('navigation', { name: 'Conversations' });
    const entries = within(nav).getAllByRole('button');
    expect(entries).toHaveLength(2);
    const when = (entry: HTMLElement) => entry.querySelector('time')?.getAttribute('dateTime');
    expect(entries.map(when)).toEqual(['2026-12-01T10:00:00.000Z', '2026-12-08T10:00:00.000Z']);
    expect(entries[0]!.textContent).not.toBe(entries[1]!.textContent);
  });
});

describe('live chat', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a live message without reload, once, and marks ours read on message-read', async () => {
    storeSession({ id: 'u1' });
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const mine = { ...msg('m1', 'Are you there?', '2026-11-25T10:00:00.000Z', ME, SAM) };
    const calls = mockFetch(
      chatRoomApi(mine, () => ({
        status: 200,
        body: { success: true, data: [mine], meta: meta(1) },
      })),
    );
    renderApp('/chat-room');
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('Are you there?');
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    const source = FakeEventSource.instances.at(-1)!;
    const threadCalls = calls.filter((c) => c.url.startsWith('/api/messages/thread')).length;

    const live = msg('m2', 'Yes, on my way!', new Date().toISOString());
    act(() => {
      source.emit('message', live);
      source.emit('message', live); // the same id again: skipped
    });
    expect(await within(list).findByText('Yes, on my way!')).toBeInTheDocument();
    expect(within(list).getAllByText('Yes, on my way!')).toHaveLength(1);
    expect(calls.filter((c) => c.url.startsWith('/api/messages/thread'))).toHaveLength(threadCalls);

    act(() =>
      source.emit('message-read', { bookingId: BOOKING, readAt: new Date().toISOString() }),
    );
    expect(await within(list).findByText(/· Read/)).toBeInTheDocument();
  });

  /** /chat-room on the booking's thread, its live stream open; `inView`: tab shown and focused. */
  async function openLiveThread(inView: boolean) {
    storeSession({ id: 'u1' });
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.spyOn(document, 'hasFocus').mockReturnValue(inView);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(inView ? 'visible' : 'hidden');
    const first = msg('m1', 'Morning!', '2026-11-25T10:00:00.000Z');
    const calls = mockFetch(
      chatRoomApi(first, () => ({
        status: 200,
        body: { success: true, data: [first], meta: meta(1) },
      })),
    );
    renderApp('/chat-room');
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('Morning!');
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    const threadReads = () => calls.filter((c) => c.url.startsWith('/api/messages/thread')).length;
    const before = threadReads();
    act(() =>
      FakeEventSource.instances
        .at(-1)!
        .emit('message', msg('m2', 'Walk done', new Date().toISOString())),
    );
    expect(await within(list).findByText('Walk done')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    return { nav, newThreadReads: () => threadReads() - before };
  }

  it('a message arriving in the open thread while it is in view is read, not counted unread', async () => {
    const { nav, newThreadReads } = await openLiveThread(true);
    expect(within(nav).queryByLabelText(/unread/)).toBeNull();
    // The thread is read again at once (not at the next 10 s poll), which marks the message read
    // on the server and tells Sam.
    await waitFor(() => expect(newThreadReads()).toBe(1), { timeout: CHAT_POLL_MS / 2 });
    expect(within(nav).queryByLabelText(/unread/)).toBeNull();
  });

  it('a message arriving in the open thread while the tab is hidden counts as unread', async () => {
    const { nav, newThreadReads } = await openLiveThread(false);
    expect(within(nav).getByLabelText('1 unread')).toBeInTheDocument();
    expect(newThreadReads()).toBe(0);
  });

  it('shows a message sent while the stream was down as soon as it is back', async () => {
    storeSession({ id: 'u1' });
    stubEventSource();
    // The 10 s poll never fires here: only the reconnection can fetch the thread again.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const mine = { ...msg('m1', 'Are you there?', '2026-11-25T10:00:00.000Z', ME, SAM) };
    let thread = [mine];
    mockFetch(
      chatRoomApi(mine, () => ({
        status: 200,
        body: { success: true, data: thread, meta: meta(thread.length) },
      })),
    );
    renderApp('/chat-room');
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('Are you there?');
    await liveStreamOpened();

    const missed = msg('m2', 'Yes, on my way!', new Date().toISOString());
    await dropAndReconnect(() => (thread = [mine, missed]));
    expect(await within(list).findByText('Yes, on my way!')).toBeInTheDocument();
  });
});

describe('chat modal', () => {
  it("opens from a booking's Chat button with booking, owner and provider, and closes", async () => {
    storeSession({ id: 'u1' });
    const calls = mockFetch(({ url }) => {
      if (url.startsWith('/api/messages/conversations'))
        return { status: 200, body: { success: true, data: [], meta: meta(0) } };
      if (url.startsWith('/api/messages/thread'))
        return {
          status: 200,
          body: {
            success: true,
            data: [msg('m1', 'Hi!', '2026-11-25T10:00:00.000Z')],
            meta: meta(1),
          },
        };
      return { status: 404, body: { message: 'Not found' } };
    });
    const store = createTestStore();
    const owner = { ...ME, image: null }; // a booking's owner card carries more than the modal keeps
    render(
      <AppProvider store={store} env="test">
        <ChatButton bookingId={BOOKING} owner={owner} provider={SAM} />
      </AppProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat with Sam Sitter' });
    // The keyboard starts in the message box, not on the close button.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Message' })),
    );
    expect(store.getState().chatModal).toEqual({
      open: true,
      selectedBooking: BOOKING,
      owner: { _id: 'u1', firstName: 'Olivia', lastName: 'Owner' },
      provider: { _id: 'u2', firstName: 'Sam', lastName: 'Sitter' },
    });
    expect(await within(dialog).findByText('Hi!')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith(`/api/messages/thread?bookingId=${BOOKING}`))).toBe(
      true,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().chatModal.open).toBe(false);
    // Focus goes back to the button that opened the chat, not to <body>.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat' })),
    );
  });
});

describe('chat drafts', () => {
  it('keeps what was typed when the chat is closed and opened again; a logout forgets it', async () => {
    storeSession({ id: 'u1' });
    mockFetch(({ url }) =>
      url.startsWith('/api/messages/')
        ? { status: 200, body: { success: true, data: [], meta: meta(0) } }
        : { status: 404, body: { message: 'Not found' } },
    );
    const store = createTestStore();
    render(
      <AppProvider store={store} env="test">
        <ChatButton bookingId={BOOKING} owner={ME} provider={SAM} />
      </AppProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    let dialog = await screen.findByRole('dialog', { name: 'Chat with Sam Sitter' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'The key is under');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Chat' }));
    dialog = await screen.findByRole('dialog', { name: 'Chat with Sam Sitter' });
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue(
      'The key is under',
    );
    act(() => {
      store.dispatch(loggedOut());
    });
    expect(store.getState().chat.drafts ?? {}).toEqual({});
  });
});

describe('chat modal left open', () => {
  it("comes back over its own booking's page, not over another booking's", async () => {
    storeSession({ id: 'u1' });
    mockFetch(({ url }) => {
      if (url.startsWith('/api/messages/'))
        return { status: 200, body: { success: true, data: [], meta: meta(0) } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const store = createTestStore();
    // As persisted: "Chat with Sam" left open on BOOKING, then the page is reloaded.
    store.dispatch(chatModalOpened({ bookingId: BOOKING, owner: ME, provider: SAM }));
    const other = 'c'.repeat(24);
    const { rerender } = render(
      <AppProvider store={store} env="test">
        <ChatButton bookingId={other} owner={ME} provider={SAM} />
      </AppProvider>,
    );
    expect(screen.getByRole('button', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(
      <AppProvider store={store} env="test">
        <ChatButton bookingId={BOOKING} owner={ME} provider={SAM} />
      </AppProvider>,
    );
    expect(await screen.findByRole('dialog', { name: 'Chat with Sam Sitter' })).toBeInTheDocument();
  });
});

/** `count` conversations with Sitter 1 … Sitter n, newest first. */
function manyConversations(count: number): Conversation[] {
  return Array.from({ length: count }, (_, i) => {
    const bookingId = String(i + 1).padStart(24, '0');
    const sitter = { _id: `s${i + 1}`, id: `s${i + 1}`, firstName: 'Sitter', lastName: `${i + 1}` };
    return {
      ...conversation(null, 0),
      _id: bookingId,
      bookingId,
      provider: sitter,
      otherParty: sitter,
      updatedAt: new Date(Date.UTC(2026, 10, 25) - i * 60_000).toISOString(),
    };
  });
}

const conversationsReply = (all: Conversation[], url: string) => {
  const { data, ...paging } = pageFrom(all, url);
  return { status: 200, body: { success: true, data, meta: paging } };
};

describe('conversation list paging', () => {
  it('appends page 2, and a poll of page 1 refreshes the head without showing anything twice', async () => {
    storeSession({ id: 'u1' });
    let all = manyConversations(25);
    mockFetch(({ url }) => conversationsReply(all, url));
    const store = createTestStore();
    store.dispatch(chatUserSeen('u1'));
    await store.dispatch(fetchConversations(1));
    expect(store.getState().chat.conversations).toHaveLength(20);
    expect(store.getState().chat.conversationsPaging).toMatchObject({ page: 1, hasMore: true });
    await store.dispatch(fetchConversations(2));
    const ids = () => store.getState().chat.conversations.map((c) => c.bookingId);
    expect(ids()).toEqual(all.map((c) => c.bookingId));
    expect(store.getState().chat.conversationsPaging).toMatchObject({ page: 2, hasMore: false });

    // A live message on a page-2 conversation counts as unread there.
    const deep = all[22]!;
    const live = {
      ...msg('m9', 'Still there?', '2026-11-25T12:00:00.000Z'),
      bookingId: deep.bookingId,
    };
    store.dispatch(messageReceived({ ...live, booking: deep.bookingId }));
    expect(store.getState().chat.conversations[22]!.unreadCount).toBe(1);

    // The server now lists it first: the poll of page 1 moves it up, once.
    all = [{ ...deep, lastMessage: live, unreadCount: 1 }, ...all.filter((c) => c !== deep)];
    await store.dispatch(fetchConversations(1));
    expect(ids()).toEqual(all.map((c) => c.bookingId));
    expect(new Set(ids()).size).toBe(25);
    expect(store.getState().chat.conversationsPaging).toMatchObject({ page: 2, hasMore: false });
  });

  it('/chat-room loads more conversations when the end of the list scrolls into view', async () => {
    storeSession({ id: 'u1' });
    const io = stubIntersectionObserver();
    const all = manyConversations(25);
    const calls = mockFetch(({ url }) => {
      if (url.startsWith('/api/messages/conversations')) return conversationsReply(all, url);
      return { status: 200, body: { success: true, data: [], meta: meta(0) } };
    });
    renderApp('/chat-room');
    const nav = await screen.findByRole('navigation', { name: 'Conversations' });
    const items = () => within(nav).getAllByRole('button');
    await waitFor(() => expect(items()).toHaveLength(20));
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();

    await io.scrollToEnd();
    await waitFor(() => expect(items()).toHaveLength(25));
    expect(items()[24]).toHaveTextContent('Sitter 25');
    expect(screen.getByText('No more conversations')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const pages = calls.filter((c) => c.url.startsWith('/api/messages/conversations'));
    expect(pages.map((c) => c.url)).toContain('/api/messages/conversations?page=2&limit=20');
    expect(pages.some((c) => c.url.includes('page=3'))).toBe(false);
  });
});
