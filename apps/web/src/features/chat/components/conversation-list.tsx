import { Badge, Group, NavLink, Stack, Text } from '@mantine/core';
import type { Conversation } from '../chat-api';
import { serviceLabel } from '../../../config/service-labels';
import { conversationKey } from '../chat-model';
import { formatDateTime } from '../../../lib/dates';

const nameOf = (p: Conversation['otherParty']) =>
  p ? `${p.firstName} ${p.lastName}` : 'No sitter yet';

/**
 * The caller's conversations: other party, service and when the booking starts (what tells two
 * bookings with the same person apart), last message and unread count.
 */
export function ConversationList({
  conversations,
  selected,
  onSelect,
}: {
  conversations: Conversation[];
  /** The conversationKey of the one shown. */
  selected: string | null;
  onSelect: (conversation: Conversation) => void;
}) {
  if (conversations.length === 0)
    return <Text c="dimmed">No conversations yet. Chats start from a booking.</Text>;
  return (
    <Stack gap={4} component="nav" aria-label="Conversations">
      {conversations.map((c) => (
        <NavLink
          key={conversationKey(c)}
          component="button"
          type="button"
          active={conversationKey(c) === selected}
          aria-current={conversationKey(c) === selected ? 'true' : undefined}
          onClick={() => onSelect(c)}
          label={
            <Group justify="space-between" wrap="nowrap">
              <Text component="span" fw={600} truncate>
                {nameOf(c.otherParty)}
              </Text>
              {c.unreadCount > 0 && (
                <Badge color="red" aria-label={`${c.unreadCount} unread`}>
                  {c.unreadCount}
                </Badge>
              )}
            </Group>
          }
          description={
            <>
              <Text component="span" size="xs" display="block">
                {serviceLabel(c.booking.service)} ·{' '}
                <time dateTime={c.booking.startDate}>{formatDateTime(c.booking.startDate)}</time>
              </Text>
              <Text component="span" size="xs" c="dimmed" truncate display="block">
                {c.lastMessage ? c.lastMessage.text : 'No messages yet'}
              </Text>
            </>
          }
        />
      ))}
    </Stack>
  );
}
