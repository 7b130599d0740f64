import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../app/provider';
import { createTestStore } from '../../app/store';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import type { ChatMessage, Conversation } from './chat-api';
import { ChatButton } from './components/chat-button';

// A request sent to several sitters: the owner has one conversation per sitter (DESIGN §5).
const ME = { _id: 'u1', id: 'u1', firstName: 'Olivia', lastName: 'Owner' };
const ANN = { _id: 'u2', id: 'u2', firstName: 'Ann', lastName: 'A.' };
const BOB = { _id: 'u3', id: 'u3', firstName: 'Bob', lastName: 'B.' };
const BOOKING = 'b'.repeat(24);
const meta = (total: number) => ({ page: 1, limit: 100, total, totalPages: 1, hasMore: false });

function msg(id: string, text: string, from: typeof ME, to: typeof ME): ChatMessage {
  const at = '2026-11-25T10:00:00.000Z';
  return {
    ...{ _id: id, bookingId: BOOKING, booking: BOOKING, text, sender: from, recipient: to },
    ...{ createdAt: at, sentAt: at, read: false, readAt: null },
  };
}
const withSitter = (sitter: typeof ANN, last: ChatMessage | null): Conversation => ({
  _id: BOOKING,
  bookingId: BOOKING,
  booking: {
    _id: BOOKING,
    service: 'Dog walking',
    status: 'pending',
    startDate: '2026-12-10T10:00:00.000Z',
    endDate: '2026-12-10T11:00:00.000Z',
  },
  owner: ME,
  provider: null,
  otherParty: sitter,
  lastMessage: last,
  unreadCount: last ? 1 : 0,
  updatedAt: '2026-11-25T10:00:00.000Z',
});
const FROM_BOB = msg('m1', 'Hello from Bob', BOB, ME);
const FROM_ANN = msg('m2', 'Hello from Ann', ANN, ME);

/** The API of an open booking with Ann and Bob; returns the calls made. */
function mockOpenBooking() {
  return mockFetch(({ url, method, body }) => {
    if (url.startsWith('/api/messages/conversations'))
      return {
        status: 200,
        body: {
          success: true,
          data: [withSitter(ANN, FROM_ANN), withSitter(BOB, FROM_BOB)],
          meta: meta(1),
        },
      };
    if (url.startsWith('/api/messages/thread')) {
      const withUser = new URL(url, 'http://x').searchParams.get('withUserId');
      const data = [FROM_ANN, FROM_BOB].filter((m) => !withUser || m.sender._id === withUser);
      return { status: 200, body: { success: true, data, meta: meta(data.length) } };
    }
    if (url === '/api/messages/' && method === 'POST') {
      const { text, recipientId } = body as { text: string; recipientId?: string };
      if (!recipientId)
        return { status: 400, body: { message: 'recipientId is required: choose a sitter' } };
      const to = recipientId === BOB._id ? BOB : ANN;
      return { status: 201, body: { success: true, data: msg('m3', text, ME, to) } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

const messagesOf = (scope: HTMLElement) =>
  within(within(scope).getByRole('list', { name: 'Messages' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('an owner chatting on a booking sent to several sitters', () => {
  it("the booking's Chat lets the owner pick a sitter and writes to that one", async () => {
    storeSession({ id: 'u1' });
    const calls = mockOpenBooking();
    render(
      <AppProvider store={createTestStore()} env="test">
        <ChatButton bookingId={BOOKING} owner={ME} provider={null} />
      </AppProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat with Ann A.' });
    const nav = await within(dialog).findByRole('navigation', { name: 'Conversations' });
    // The thread appears once the sitters are loaded, after the dialog opened: it takes the focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('textbox', { name: /message/i }),
      ),
    );
    await user.click(within(nav).getByRole('button', { name: /Bob B\./ }));
    await within(dialog).findByRole('heading', { name: 'Chat with Bob B.' });
    await waitFor(() => expect(messagesOf(dialog)).toEqual([expect.stringContaining('Bob')]));
    expect(calls.some((c) => c.url.includes(`withUserId=${BOB._id}`))).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /message/i }), 'Hi Bob{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        bookingId: BOOKING,
        text: 'Hi Bob',
        recipientId: BOB._id,
      }),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('/chat-room lists one conversation per sitter and writes to the chosen one', async () => {
    storeSession({ id: 'u1' });
    const calls = mockOpenBooking();
    renderApp('/chat-room');
    const nav = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(within(nav).getByText('Ann A.')).toBeInTheDocument();
    expect(within(nav).getByText('Bob B.')).toBeInTheDocument();
    expect(within(nav).queryByText('No sitter yet')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: /Bob B\./ }));
    await screen.findByRole('heading', { name: 'Chat with Bob B.' });
    await waitFor(() =>
      expect(messagesOf(document.body)).toEqual([expect.stringContaining('Hello from Bob')]),
    );
    await user.type(screen.getByRole('textbox', { name: /message/i }), 'Hi Bob{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        recipientId: BOB._id,
      }),
    );
  });
});
