import { z } from 'zod';
import {
  boundedPageQuery,
  id,
  idOrEmpty,
  pageMeta,
  pathId,
  trimmedText,
  userRef,
} from './common.ts';

/** Longest chat message, in characters (after trimming). */
export const MESSAGE_MAX_LENGTH = 2000;
/** SPEC §9: conversation list and thread page sizes. */
export const CONVERSATION_PAGE_SIZE = 20;
export const THREAD_PAGE_SIZE = 100;

/** A party of a message as the client shows it (`id` repeats `_id`, like every user object). */
export const messageParty = userRef;
export type MessageParty = z.infer<typeof messageParty>;

/**
 * A booking chat message. `booking` and `bookingId` carry the same booking id (SPEC §3 "booking
 * reference"); `sender`/`recipient` are always objects; `sentAt` repeats `createdAt`.
 */
export const messageWire = z.object({
  _id: z.string(),
  bookingId: z.string(),
  booking: z.string(),
  text: z.string(),
  sender: messageParty,
  recipient: messageParty,
  createdAt: z.string(),
  sentAt: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
});
export type MessageWire = z.infer<typeof messageWire>;

/**
 * POST /api/messages/. The sender is always the caller: a `sender` field is ignored. The owner of
 * an open booking with several applicants names the sitter in `recipientId`.
 */
export const sendMessageBody = z.object({
  /** Required (400 'bookingId is required'); `booking` is accepted as its alias (SPEC §3). */
  bookingId: idOrEmpty.optional(),
  booking: idOrEmpty.optional(),
  text: trimmedText()
    .min(1, 'Message text is required')
    .max(MESSAGE_MAX_LENGTH, `Message text must be at most ${MESSAGE_MAX_LENGTH} characters`),
  recipientId: id.optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const messageResponse = z.object({ success: z.literal(true), data: messageWire });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * One booking the caller talks about: the other party, the newest message, the unread count. The
 * owner of an open booking gets one per sitter with a pending request on it (`otherParty`), each
 * with their own messages, as DESIGN §5 pairs a booking with two parties.
 */
export const conversationWire = z.object({
  _id: z.string(),
  bookingId: z.string(),
  booking: z.object({
    _id: z.string(),
    service: z.string(),
    status: z.string(),
    startDate: z.string(),
    endDate: z.string(),
  }),
  owner: messageParty,
  provider: messageParty.nullable(),
  otherParty: messageParty.nullable(),
  lastMessage: messageWire.nullable(),
  unreadCount: z.number().int(),
  updatedAt: z.string(),
});
export type ConversationWire = z.infer<typeof conversationWire>;

export const messagesMeta = z.object(pageMeta);
export type MessagesMeta = z.infer<typeof messagesMeta>;

/** `bookingId` keeps that booking's conversations (one per sitter on an open booking). */
export const conversationsQuery = boundedPageQuery(CONVERSATION_PAGE_SIZE, {
  bookingId: id.optional(),
});
export const conversationsResponse = z.object({
  success: z.literal(true),
  data: z.array(conversationWire),
  meta: messagesMeta,
});
export type ConversationsResponse = z.infer<typeof conversationsResponse>;

/** `bookingId` is checked by the service so that its absence reads 'bookingId is required'. */
/** `withUserId` keeps the messages between the caller and that party (one sitter of an open booking). */
export const threadQuery = boundedPageQuery(THREAD_PAGE_SIZE, {
  bookingId: idOrEmpty.optional(),
  withUserId: id.optional(),
});
export const bookingMessagesQuery = boundedPageQuery(THREAD_PAGE_SIZE, {});
export const messageBookingParams = z.object({ bookingId: pathId });

/** A thread page: newest message first; page 2 holds older ones. */
export const threadResponse = z.object({
  success: z.literal(true),
  data: z.array(messageWire),
  meta: messagesMeta,
});
export type ThreadResponse = z.infer<typeof threadResponse>;

/** Live event `message-read`: the recipient read the sender's messages on a booking. */
export type MessageReadEvent = { bookingId: string; readerId: string; readAt: string };
