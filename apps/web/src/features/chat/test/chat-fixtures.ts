import type { FetchCall } from '../../../test/fetch-mock';
import { streamTicketReply } from '../../../test/fake-event-source';
import type { ChatMessage, Conversation } from '../chat-api';

/** The two parties of the chat tests' booking: the signed-in owner (u1) and her sitter. */
export const ME = { _id: 'u1', id: 'u1', firstName: 'Olivia', lastName: 'Owner' };
export const SAM = { _id: 'u2', id: 'u2', firstName: 'Sam', lastName: 'Sitter' };
export const BOOKING = 'b'.repeat(24);

export const meta = (total: number) => ({
  page: 1,
  limit: 100,
  total,
  totalPages: 1,
  hasMore: false,
});

/** A message on the booking, from Sam to the owner unless told otherwise, unread. */
export function msg(id: string, text: string, at: string, from = SAM, to = ME): ChatMessage {
  return {
    _id: id,
    bookingId: BOOKING,
    booking: BOOKING,
    text,
    sender: from,
    recipient: to,
    createdAt: at,
    sentAt: at,
    read: false,
    readAt: null,
  };
}

/** The booking's conversation as the list shows it. */
export const conversation = (last: ChatMessage | null, unreadCount: number): Conversation => ({
  _id: BOOKING,
  bookingId: BOOKING,
  booking: {
    _id: BOOKING,
    service: 'Dog walking',
    status: 'accepted',
    startDate: '2026-12-01T10:00:00.000Z',
    endDate: '2026-12-01T11:00:00.000Z',
  },
  owner: ME,
  provider: SAM,
  otherParty: SAM,
  lastMessage: last,
  unreadCount,
  updatedAt: last?.createdAt ?? '2026-11-01T00:00:00.000Z',
});

type Reply = { status: number; body?: unknown };

/**
 * The chat room's calls with a live stream (its ticket, an empty bell) and one conversation;
 * `thread` answers GET /api/messages/thread (its url carries the page), anything else is 404.
 */
export function chatRoomApi(
  first: ChatMessage | null,
  thread: (url: string) => Reply | Promise<Reply>,
) {
  return ({ url }: FetchCall): Reply | Promise<Reply> => {
    if (url === '/api/notifications/stream-ticket') return streamTicketReply;
    if (url === '/api/notifications/all')
      return { status: 200, body: { success: true, allNotifications: [] } };
    if (url.startsWith('/api/messages/conversations'))
      return {
        status: 200,
        body: { success: true, data: [conversation(first, 0)], meta: meta(1) },
      };
    if (url.startsWith('/api/messages/thread')) return thread(url);
    return { status: 404, body: { message: 'Not found' } };
  };
}
