import {
  toUserIds,
  type ConversationWire,
  type MessageParty,
  type MessageWire,
} from '@pawsy/contract';
import type { ConversationRow, NameRow } from './conversations.repository.ts';
import type { MessageJoined } from './messages.repository.ts';

const party = (id: string, firstName: string, lastName: string): MessageParty => ({
  ...toUserIds(id),
  firstName,
  lastName,
});

/** A user who is gone from the users table still shows as someone. */
export function toParty(id: string, names: ReadonlyMap<string, NameRow>): MessageParty {
  const row = names.get(id);
  return party(id, row?.first_name ?? 'Former', row?.last_name ?? 'member');
}

export function toMessageWire(row: MessageJoined): MessageWire {
  return {
    _id: row.id,
    bookingId: row.booking_id,
    booking: row.booking_id,
    text: row.text,
    sender: party(row.sender_id, row.sender_first_name, row.sender_last_name),
    recipient: party(row.recipient_id, row.recipient_first_name, row.recipient_last_name),
    createdAt: row.created_at,
    sentAt: row.created_at,
    read: row.read_at !== null,
    readAt: row.read_at,
  };
}

/** The other side of a conversation for `userId`: the owner, the sitter, or the last speaker. */
function otherPartyId(row: ConversationRow, userId: string, last: MessageWire | null) {
  if (row.owner_id !== userId) return row.owner_id;
  if (row.provider_id) return row.provider_id;
  if (!last) return null;
  return last.sender._id === userId ? last.recipient._id : last.sender._id;
}

export function toConversationWire(
  row: ConversationRow,
  userId: string,
  names: ReadonlyMap<string, NameRow>,
  last: MessageWire | null,
): ConversationWire {
  const other = otherPartyId(row, userId, last);
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
    owner: toParty(row.owner_id, names),
    provider: row.provider_id ? toParty(row.provider_id, names) : null,
    otherParty: other ? toParty(other, names) : null,
    lastMessage: last,
    unreadCount: Number(row.unread ?? 0),
    updatedAt: row.last_at ?? row.created_at,
  };
}
