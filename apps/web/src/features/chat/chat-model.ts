import type { ChatMessage, Conversation } from './chat-api';

/** SPEC §9: a message with the same text within this window of another is a duplicate. */
export const DUPLICATE_WINDOW_MS = 1000;

const timeOf = (m: ChatMessage) => Date.parse(m.sentAt ?? m.createdAt);

/**
 * Whether `incoming` is already in the thread: the same id, or the same text within 1 second
 * (SPEC §4) — what an optimistic echo, a poll and a live event of one message look like.
 */
export function isDuplicate(thread: readonly ChatMessage[], incoming: ChatMessage): boolean {
  return thread.some(
    (m) =>
      m._id === incoming._id ||
      (m.text === incoming.text && Math.abs(timeOf(m) - timeOf(incoming)) <= DUPLICATE_WINDOW_MS),
  );
}

/** Adds an incoming message to the front (threads are newest first), skipping duplicates. */
export function addToFront(thread: readonly ChatMessage[], incoming: ChatMessage): ChatMessage[] {
  return isDuplicate(thread, incoming) ? [...thread] : [incoming, ...thread];
}

const newestFirst = (a: ChatMessage, b: ChatMessage) =>
  timeOf(b) - timeOf(a) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);

/**
 * Merges a fetched page into a thread: known ids are refreshed, new ones added, newest first. A new
 * one that repeats another's text within 1 second is skipped (SPEC §4), as it is when it arrives
 * live; of such a pair the earlier one stays, so every poll keeps the same one.
 */
export function mergePage(thread: readonly ChatMessage[], page: readonly ChatMessage[]) {
  const byId = new Map(thread.map((m) => [m._id, m]));
  for (const m of [...page].sort(newestFirst).reverse()) {
    if (byId.has(m._id)) byId.set(m._id, m);
    else if (!isDuplicate([...byId.values()], m)) byId.set(m._id, m);
  }
  return [...byId.values()].sort(newestFirst);
}

/**
 * A conversation is a booking and its two parties (DESIGN §5): the owner of an open booking has
 * one per sitter with a pending request, so the booking id alone does not name it.
 */
export const conversationKey = (c: Pick<Conversation, 'bookingId' | 'otherParty'>) =>
  `${c.bookingId}:${c.otherParty?._id ?? ''}`;

/** Where a thread's paging is kept: the whole booking, or its messages with one party. */
export const threadKey = (bookingId: string, withUserId?: string) =>
  withUserId ? `${bookingId}:${withUserId}` : bookingId;

/**
 * The sitter an owner's thread is with: the assigned one, or on an open booking the one the
 * conversation is with (other applicants' earlier messages stay out of it). A sitter writes to
 * the booking's owner without naming them.
 */
export function recipientOf(c: Conversation | undefined, me: string | undefined) {
  return c && c.owner._id === me ? (c.provider?._id ?? c.otherParty?._id) : undefined;
}

/** The open-booking sitter an owner chooses between (no sitter assigned yet). */
export const isSitterChoice = (c: Conversation, me: string | undefined) =>
  !c.provider && recipientOf(c, me) !== undefined;

/** Whether a message was sent to or by `partyId` (all of them when there is none). */
export const isWith = (m: ChatMessage, partyId: string | undefined) =>
  !partyId || m.sender._id === partyId || m.recipient._id === partyId;
