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
import { notifyUser } from '../notifications/index.ts';
import { readAccess, resolveRecipient } from './messages.access.ts';
import { toConversationWire, toMessageWire } from './messages.mapper.ts';
import * as repo from './messages.repository.ts';
import { findNames, pageConversations } from './conversations.repository.ts';

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
  const recipientId = await resolveRecipient(app, user, bookingId, body.recipientId);
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
  const wire = toMessageWire(row);
  await app.realtime
    .publish(recipientId, { type: 'message', data: wire })
    .catch((err: unknown) => app.log.warn({ err }, 'live message push failed'));
  const from = `${wire.sender.firstName} ${wire.sender.lastName}`.trim();
  await notifyUser(app, recipientId, {
    type: 'message',
    message: `New message from ${from}: ${body.text.slice(0, 80)}`,
    data: { bookingId, messageId: id },
  });
  return wire;
}

/** The caller's conversations, most recent activity first (SPEC §9: 20 a page). */
export async function listConversations(
  app: FastifyInstance,
  user: AuthUser,
  q: PageQuery,
): Promise<Paged<ConversationWire>> {
  const { rows, total } = await pageConversations(app.db, user.id, q);
  const lastIds = rows.flatMap((r) => (r.last_id ? [r.last_id] : []));
  const [lasts, names] = await Promise.all([
    repo.findMessages(app.db, lastIds),
    findNames(
      app.db,
      rows.flatMap((r) => [r.owner_id, ...(r.provider_id ? [r.provider_id] : [])]),
    ),
  ]);
  const lastById = new Map(lasts.map((m) => [m.id, toMessageWire(m)]));
  const nameById = new Map(names.map((n) => [n.id, n]));
  for (const m of lastById.values())
    for (const p of [m.sender, m.recipient])
      if (!nameById.has(p._id))
        nameById.set(p._id, { id: p._id, first_name: p.firstName, last_name: p.lastName });
  const data = rows.map((r) =>
    toConversationWire(r, user.id, nameById, (r.last_id && lastById.get(r.last_id)) || null),
  );
  return { data, meta: toPageMeta(q.page, q.limit, total) };
}

/**
 * A page of one booking's thread, newest first. A party reading it marks their incoming messages
 * read and tells each sender (`message-read`), so read receipts show without polling.
 */
export async function getThread(
  app: FastifyInstance,
  user: AuthUser,
  q: PageQuery & { bookingId?: string },
): Promise<Paged<MessageWire>> {
  if (!q.bookingId) throw badRequest('bookingId is required', 'bookingId');
  const bookingId = q.bookingId;
  const { partyId } = await readAccess(app, user, bookingId);
  if (partyId) {
    const readAt = nowIso();
    const senders = await repo.markBookingRead(app.db, bookingId, partyId, readAt);
    const event: MessageReadEvent = { bookingId, readerId: partyId, readAt };
    await Promise.all(
      senders.map((s) =>
        app.realtime
          .publish(s, { type: 'message-read', data: event })
          .catch((err: unknown) => app.log.warn({ err }, 'read receipt push failed')),
      ),
    );
  }
  return pageOf(app, bookingId, partyId, q);
}

/** A page of a booking's messages without side effects (the dispute transcript uses this). */
export async function getBookingMessages(
  app: FastifyInstance,
  user: AuthUser,
  bookingId: string,
  q: PageQuery,
): Promise<Paged<MessageWire>> {
  const { partyId } = await readAccess(app, user, bookingId);
  return pageOf(app, bookingId, partyId, q);
}

async function pageOf(
  app: FastifyInstance,
  bookingId: string,
  partyId: string | null,
  q: PageQuery,
): Promise<Paged<MessageWire>> {
  const { rows, total } = await repo.pageBookingMessages(app.db, bookingId, partyId, q);
  return { data: rows.map(toMessageWire), meta: toPageMeta(q.page, q.limit, total) };
}

/** One message, for its sender, its recipient, or an admin when the booking is disputed. */
export async function getMessage(
  app: FastifyInstance,
  user: AuthUser,
  id: string,
): Promise<MessageWire> {
  const row = await repo.findMessage(app.db, id);
  if (!row) throw notFound('Message');
  const { partyId } = await readAccess(app, user, row.booking_id).catch(() => {
    throw notFound('Message');
  });
  if (partyId && row.sender_id !== partyId && row.recipient_id !== partyId)
    throw notFound('Message');
  return toMessageWire(row);
}
