import type { ChatMessage } from './chat-api';

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

/** Merges a fetched page into a thread: known ids are refreshed, new ones added, newest first. */
export function mergePage(thread: readonly ChatMessage[], page: readonly ChatMessage[]) {
  const byId = new Map(thread.map((m) => [m._id, m]));
  for (const m of page) byId.set(m._id, m);
  return [...byId.values()].sort(
    (a, b) => timeOf(b) - timeOf(a) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0),
  );
}
