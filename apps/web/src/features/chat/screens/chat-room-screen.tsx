import { Alert, Container, Grid, Paper, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadMore } from '../../../components/ui/load-more';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { fetchConversations } from '../chat-slice';
import { ChatThread } from '../components/chat-thread';
import { ConversationList } from '../components/conversation-list';
import { useChat } from '../use-chat';
import { useCurrentUser } from '../../auth';
import { conversationKey, recipientOf } from '../chat-model';

/** /chat-room: conversation list on the side, the selected booking's thread beside it. */
export default function ChatRoomScreen() {
  usePageTitle('Messages');
  const [params, setParams] = useSearchParams();
  const conversations = useAppSelector((s) => s.chat.conversations);
  const error = useAppSelector((s) => s.chat.error);
  const paging = useAppSelector((s) => s.chat.conversationsPaging);
  const dispatch = useAppDispatch();
  const loadMore = () => {
    if (!paging.loadingMore && paging.hasMore) void dispatch(fetchConversations(paging.page + 1));
  };
  const me = useCurrentUser()?.id;
  const selected = params.get('booking') ?? conversations[0]?.bookingId ?? null;
  // On an owner's open booking each sitter has a conversation (`with`); else the first one.
  const withId = params.get('with');
  const current =
    conversations.find((c) => c.bookingId === selected && c.otherParty?._id === withId) ??
    conversations.find((c) => c.bookingId === selected);
  // An owner on an open booking writes to the sitter the conversation is with.
  const recipientId = recipientOf(current, me) ?? withId ?? undefined;
  useChat(selected, recipientId);
  const missing = useAppSelector((s) => (selected ? s.chat.missingThreads?.[selected] : undefined));
  const title = current?.otherParty
    ? `Chat with ${current.otherParty.firstName} ${current.otherParty.lastName}`
    : 'Chat';

  return (
    <Container size="lg" py="xl">
      <Stack>
        <Title order={1}>Messages</Title>
        {error && conversations.length === 0 && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="sm">
              <ConversationList
                conversations={conversations}
                selected={current ? conversationKey(current) : null}
                onSelect={(c) => {
                  const sitter = recipientOf(c, me);
                  setParams({ booking: c.bookingId, ...(sitter ? { with: sitter } : {}) });
                }}
              />
              {conversations.length > 0 && (
                <LoadMore
                  count={conversations.length}
                  hasMore={paging.hasMore}
                  isLoading={paging.loadingMore}
                  error={paging.error}
                  onLoadMore={loadMore}
                  endLabel="No more conversations"
                />
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {selected && (
              <Paper withBorder p="sm">
                {!missing && (
                  <Title order={2} size="h4" mb="sm">
                    {title}
                  </Title>
                )}
                <ChatThread bookingId={selected} title={title} recipientId={recipientId} />
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
