import type {
  ConversationWire,
  ConversationsResponse,
  MessageResponse,
  MessageWire,
  MessagesMeta,
  SendMessageBody,
  ThreadResponse,
} from '@pawsy/contract';
import { http } from '../../lib/http';
import { requireSessionToken } from '../../lib/session';

export type ChatMessage = MessageWire;
export type Conversation = ConversationWire;
export type ChatPage<T> = { data: T[]; meta: MessagesMeta };

/** SPEC §8 fallbacks, shown when the server sends no message of its own. */
export const CHAT_MESSAGES = {
  conversationsFailed: 'Failed to fetch conversations',
  threadFailed: 'Failed to fetch conversation thread',
  sendFailed: 'Failed to send message',
  messageFailed: 'Failed to fetch message',
  messagesFailed: 'Failed to fetch messages',
  bookingIdRequired: 'bookingId is required',
} as const;

/** SPEC §9 page sizes. */
export const CONVERSATIONS_PAGE_SIZE = 20;
export const THREAD_PAGE_SIZE = 100;

/** The chat calls of SPEC §7 (every message path appears here and nowhere else). */
export const chatApi = {
  /** With `bookingId`, only that booking's (one per sitter on an owner's open booking). */
  async conversations(page = 1, bookingId?: string): Promise<ChatPage<Conversation>> {
    requireSessionToken();
    const { data } = await http.get<ConversationsResponse>('/api/messages/conversations', {
      query: { page, limit: CONVERSATIONS_PAGE_SIZE, ...(bookingId ? { bookingId } : {}) },
    });
    return { data: data.data, meta: data.meta };
  },
  /**
   * Newest message first; reading it marks the caller's incoming messages read. `withUserId`
   * keeps the messages with that party (one sitter of an owner's open booking).
   */
  async thread(bookingId: string, page = 1, withUserId?: string): Promise<ChatPage<ChatMessage>> {
    if (!bookingId) throw new Error(CHAT_MESSAGES.bookingIdRequired);
    requireSessionToken();
    const { data } = await http.get<ThreadResponse>('/api/messages/thread', {
      query: { bookingId, page, limit: THREAD_PAGE_SIZE, ...(withUserId ? { withUserId } : {}) },
    });
    return { data: data.data, meta: data.meta };
  },
  async send(body: SendMessageBody): Promise<ChatMessage> {
    requireSessionToken();
    const { data } = await http.post<MessageResponse>('/api/messages/', body);
    return data.data;
  },
  async message(id: string): Promise<ChatMessage> {
    requireSessionToken();
    const { data } = await http.get<MessageResponse>(`/api/messages/${id}`);
    return data.data;
  },
  /** A booking's transcript without marking anything read (the dispute page reads it too). */
  async bookingMessages(bookingId: string, page = 1): Promise<ChatPage<ChatMessage>> {
    requireSessionToken();
    const { data } = await http.get<ThreadResponse>(`/api/messages/booking/${bookingId}`, {
      query: { page, limit: THREAD_PAGE_SIZE },
    });
    return { data: data.data, meta: data.meta };
  },
};
