import type { FastifyInstance } from 'fastify';
import {
  toPageMeta,
  type ConversationWire,
  type MessageReadEvent,
  type MessageWire,
  type MessagesMeta,
} from '@pawsy/contract';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { markNoticesRead, notifyUser } from '../notifications/index.ts';
import { readAccess, resolveRecipient } from './messages.access.ts';
import { isChatParty, type BookingParties } from '../bookings/index.ts';
import {
  chatNameView,
  toConversationWire,
  toMessageWire,
  type NameView,
} from './messages.mapper.ts';
import * as repo from './messages.repository.ts';
import {
  findNames,
  findPendingSitters,
  pageConversations,
  type ConversationRow,
} from './conversations.repository.ts';

type Paged<T> = { data: T[]; meta: MessagesMeta };
type PageQuery = { page: number; limit: number };

/**
 * Stores the message (the sender is always the caller), then pushes it live to the recipient and
 * leaves them a notification. A failed push is only logged: the client's polling catches up.
 */
export async function sendMessage(
  app: FastifyInstance,
  user: AuthUser,
  body: { bookingId?: string; booking?: string; text: string; recipientId?: string },
): Promise<MessageWire> {
  const bookingId = body.bookingId ?? body.booking;
  if (!bookingId) throw badRequest('bookingId is required', 'bookingId');
  const { recipientId, parties } = await resolveRecipient(app, user, bookingId, body.recipientId);
  const id = newId();
  await repo.insertMessage(app.db, {
    id,
    booking_id: bookingId,
    sender_id: user.id,
    recipient_id: recipientId,
    text: body.text,
    created_at: nowIso(),
    read_at: null,
  });
  const row = await repo.findMessage(app.db, id);
  if (!row) throw notFound('Message');
  // Each side reads the names as the chat shows them to it (chatNameView).
  const delivered = toMessageWire(row, chatNameView(recipientId, false, parties));
  await app.realtime
    .publish(recipientId, { type: 'message', data: delivered })
    .catch((err: unknown) => app.log.warn({ err }, 'live message push failed'));
  const from = `${delivered.sender.firstName} ${delivered.sender.lastName}`.trim();
  // The owner of an open booking has one thread per sitter: `withUserId` names the sender's, as
  // GET /api/messages/thread takes it. Anyone else has one thread per booking.
  const isOwnersThreadOfMany = recipientId === parties.ownerId && parties.providerId === null;
  await notifyUser(app, recipientId, {
    type: 'message',
    message: `New message from ${from}: ${body.text.slice(0, 80)}`,
    data: { bookingId, messageId: id, ...(isOwnersThreadOfMany && { withUserId: user.id }) },
    // One mail until the recipient has looked, not one per message.
    mail: {
      subject: `New message from ${from}`,
      action: 'Reply',
      path: `/chat-room?${new URLSearchParams({ booking: bookingId, ...(isOwnersThreadOfMany && { with: user.id }) }).toString()}`,
      onceUntilRead: true,
    },
  });
  return toMessageWire(row, viewOf(user, parties));
}

const viewOf = (
  user: AuthUser,
  parties: Pick<BookingParties, 'ownerId' | 'providerId' | 'status'>,
) => chatNameView(user.id, user.userType === 'admin', parties);

/**
 * The caller's conversations, most recent activity first (SPEC §9: 20 a page), or those of one
 * booking (`bookingId`). The owner of an open booking gets one per sitter with a pending request
 * (DESIGN §5: a booking and its two parties), each with that pair's newest message and unread
 * count; the page size and total count bookings.
 */
export async function listConversations(
  app: FastifyInstance,
  user: AuthUser,
  q: PageQuery & { bookingId?: string },
): Promise<Paged<ConversationWire>> {
  const { rows, total } = await pageConversations(app.db, user.id, q, q.bookingId);
  const open = rows.filter((r) => isOwnOpen(r, user.id));
  const pending = await findPendingSitters(
    app.db,
    open.map((r) => r.id),
  );
  const withSitters = new Set(pending.map((p) => p.booking_id));
  // The owner's conversation on a booking with its sitter assigned is with that sitter only:
  // its newest message and unread count leave out what other applicants wrote before.
  const assigned = rows.flatMap((r) =>
    r.owner_id === user.id && r.provider_id ? [{ bookingId: r.id, otherId: r.provider_id }] : [],
  );
  // The newest message of the rows not summarised by pair (a pair's summary brings its own).
  const byPair = new Set(assigned.map((a) => a.bookingId));
  const lastIds = rows.flatMap((r) => (r.last_id && !byPair.has(r.id) ? [r.last_id] : []));
  const [summaries, assignedSummaries, lasts, names] = await Promise.all([
    repo.summarisePairs(
      app.db,
      user.id,
      pending.map((p) => ({ bookingId: p.booking_id, otherId: p.provider_id })),
    ),
    repo.summarisePairs(app.db, user.id, assigned),
    repo.findMessages(app.db, lastIds),
    findNames(app.db, [
      ...rows.flatMap((r) => [r.owner_id, ...(r.provider_id ? [r.provider_id] : [])]),
      ...pending.map((p) => p.provider_id),
    ]),
  ]);
  const pairs = pending.map((p, i) => ({ ...p, ...summaries[i]! }));
  const assignedPair = new Map(assigned.map((a, i) => [a.bookingId, assignedSummaries[i]!]));
  const lastById = new Map(lasts.map((m) => [m.id, m]));
  const nameById = new Map(names.map((n) => [n.id, n]));
  for (const m of lasts) {
    const people = [
      { id: m.sender_id, first_name: m.sender_first_name, last_name: m.sender_last_name },
      { id: m.recipient_id, first_name: m.recipient_first_name, last_name: m.recipient_last_name },
    ];
    for (const p of people) if (!nameById.has(p.id)) nameById.set(p.id, p);
  }
  const data = rows.flatMap((r) => {
    const view = viewOf(user, { ownerId: r.owner_id, providerId: r.provider_id, status: r.status });
    if (withSitters.has(r.id))
      return pairs
        .filter((p) => p.booking_id === r.id)
        .map((p) => {
          const row = { ...r, unread: p.unread, last_at: p.last?.created_at ?? null };
          const last = p.last ? toMessageWire(p.last, view) : null;
          return toConversationWire(row, user.id, nameById, last, view, p.provider_id);
        });
    const pair = assignedPair.get(r.id);
    if (pair) {
      const row = { ...r, unread: pair.unread, last_at: pair.last?.created_at ?? null };
      const last = pair.last ? toMessageWire(pair.last, view) : null;
      return [toConversationWire(row, user.id, nameById, last, view)];
    }
    const last = r.last_id ? lastById.get(r.last_id) : undefined;
    return [
      toConversationWire(r, user.id, nameById, last ? toMessageWire(last, view) : null, view),
    ];
  });
  return { data, meta: toPageMeta(q.page, q.limit, total) };
}

const isOwnOpen = (r: ConversationRow, userId: string) =>
  r.owner_id === userId && r.provider_id === null && r.status === 'pending';

/**
 * A page of one booking's thread, newest first. A party reading it marks their incoming messages
 * read and tells each sender (`message-read`), so read receipts show without polling.
 */
export async function getThread(
  app: FastifyInstance,
  user: AuthUser,
  q: PageQuery & { bookingId?: string; withUserId?: string },
): Promise<Paged<MessageWire>> {
  if (!q.bookingId) throw badRequest('bookingId is required', 'bookingId');
  const bookingId = q.bookingId;
  const { parties, partyId } = await readAccess(app, user, bookingId);
  // `withUserId` narrows a party's thread to one counterpart (an owner and one sitter). Once a
  // sitter is assigned, the owner's thread is with that sitter: what other applicants wrote
  // before stays out of it (their own threads are still read by naming them).
  const withUserId = partyId ? (q.withUserId ?? ownersCounterpart(parties, partyId)) : undefined;
  if (partyId) {
    const readAt = nowIso();
    const senders = await repo.markBookingRead(app.db, bookingId, partyId, readAt, withUserId);
    // The bell's "New message" notices of this thread are read with it.
    await markNoticesRead(app, partyId, { type: 'message', bookingId, withUserId });
    const event: MessageReadEvent = { bookingId, readerId: partyId, readAt };
    // Only to senders who may read this conversation now: a sitter who withdrew, was rejected or
    // was not chosen keeps their old messages' rows but learns nothing more of the thread.
    await Promise.all(
      senders
        .filter((s) => isChatParty(parties, s))
        .map((s) =>
          app.realtime
            .publish(s, { type: 'message-read', data: event })
            .catch((err: unknown) => app.log.warn({ err }, 'read receipt push failed')),
        ),
    );
  }
  return pageOf(app, bookingId, partyId, viewOf(user, parties), q, withUserId);
}

/** The assigned sitter, when `partyId` is the owner of a booking that has one. */
const ownersCounterpart = (
  parties: Pick<BookingParties, 'ownerId' | 'providerId'>,
  partyId: string,
): string | undefined =>
  partyId === parties.ownerId && parties.providerId ? parties.providerId : undefined;

/** A page of a booking's messages without side effects (the dispute transcript uses this). */
export async function getBookingMessages(
  app: FastifyInstance,
  user: AuthUser,
  bookingId: string,
  q: PageQuery,
): Promise<Paged<MessageWire>> {
  const { parties, partyId } = await readAccess(app, user, bookingId);
  const counterpart = partyId ? ownersCounterpart(parties, partyId) : undefined;
  return pageOf(app, bookingId, partyId, viewOf(user, parties), q, counterpart);
}

/** A page of the booking's messages: the party's (with `withUserId` only, when given), or all. */
async function pageOf(
  app: FastifyInstance,
  bookingId: string,
  partyId: string | null,
  view: NameView,
  q: PageQuery,
  withUserId?: string,
): Promise<Paged<MessageWire>> {
  const { rows, total } =
    partyId && withUserId
      ? await repo.pagePairMessages(app.db, bookingId, partyId, withUserId, q)
      : await repo.pageBookingMessages(app.db, bookingId, partyId, q);
  return {
    data: rows.map((row) => toMessageWire(row, view)),
    meta: toPageMeta(q.page, q.limit, total),
  };
}

/** One message, for its sender, its recipient, or an admin when the booking is disputed. */
export async function getMessage(
  app: FastifyInstance,
  user: AuthUser,
  id: string,
): Promise<MessageWire> {
  const row = await repo.findMessage(app.db, id);
  if (!row) throw notFound('Message');
  const { parties, partyId } = await readAccess(app, user, row.booking_id).catch(() => {
    throw notFound('Message');
  });
  if (partyId && row.sender_id !== partyId && row.recipient_id !== partyId)
    throw notFound('Message');
  return toMessageWire(row, viewOf(user, parties));
}
