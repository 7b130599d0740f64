import {
  toUserIds,
  type ConversationWire,
  type MessageParty,
  type MessageWire,
} from '@pawsy/contract';
import { lastInitial } from '../../lib/user-columns.ts';
import { hasTakenOn } from '../bookings/index.ts';
import type { ConversationRow, NameRow } from './conversations.repository.ts';
import type { MessageJoined } from './messages.repository.ts';

/** Whether the viewer reads this person's whole last name (else the initial only). */
export type NameView = (personId: string) => boolean;

/**
 * Names in a booking's chat: everyone reads their own; an admin reads every one; the owner and
 * the assigned sitter read each other's. Between an owner and a sitter who has only applied or
 * been invited, each reads the other's last initial, as sitter cards and the booking feed show
 * strangers.
 */
export function chatNameView(
  viewerId: string,
  viewerIsAdmin: boolean,
  booking: { ownerId: string; providerId: string | null; status: string },
): NameView {
  const assigned = (id: string) => id === booking.ownerId || id === booking.providerId;
  return (personId) =>
    viewerIsAdmin ||
    personId === viewerId ||
    (booking.providerId !== null &&
      hasTakenOn(booking) &&
      assigned(viewerId) &&
      assigned(personId));
}

const party = (id: string, firstName: string, lastName: string, view: NameView): MessageParty => ({
  ...toUserIds(id),
  firstName,
  lastName: view(id) ? lastName : lastInitial(lastName),
});

/** A user who is gone from the users table still shows as someone. */
export function toParty(
  id: string,
  names: ReadonlyMap<string, NameRow>,
  view: NameView,
): MessageParty {
  const row = names.get(id);
  if (!row) return party(id, 'Former', 'member', () => true);
  return party(id, row.first_name, row.last_name, view);
}

export function toMessageWire(row: MessageJoined, view: NameView): MessageWire {
  return {
    _id: row.id,
    bookingId: row.booking_id,
    booking: row.booking_id,
    text: row.text,
    sender: party(row.sender_id, row.sender_first_name, row.sender_last_name, view),
    recipient: party(row.recipient_id, row.recipient_first_name, row.recipient_last_name, view),
    createdAt: row.created_at,
    sentAt: row.created_at,
    read: row.read_at !== null,
    readAt: row.read_at,
  };
}

/**
 * The other side of a conversation for `userId`: the owner, the sitter, the sitter with a pending
 * request this conversation is with, or the last speaker.
 */
function otherPartyId(
  row: ConversationRow,
  userId: string,
  last: MessageWire | null,
  withId?: string,
) {
  if (row.owner_id !== userId) return row.owner_id;
  if (row.provider_id) return row.provider_id;
  if (withId) return withId;
  if (!last) return null;
  return last.sender._id === userId ? last.recipient._id : last.sender._id;
}

export function toConversationWire(
  row: ConversationRow,
  userId: string,
  names: ReadonlyMap<string, NameRow>,
  last: MessageWire | null,
  view: NameView,
  withId?: string,
): ConversationWire {
  const other = otherPartyId(row, userId, last, withId);
  return {
    _id: row.id,
    bookingId: row.id,
    booking: {
      _id: row.id,
      service: row.service,
      status: row.status,
      startDate: row.start_at,
      endDate: row.end_at,
    },
    owner: toParty(row.owner_id, names, view),
    provider: row.provider_id ? toParty(row.provider_id, names, view) : null,
    otherParty: other ? toParty(other, names, view) : null,
    lastMessage: last,
    unreadCount: Number(row.unread ?? 0),
    updatedAt: row.last_at ?? row.created_at,
  };
}
