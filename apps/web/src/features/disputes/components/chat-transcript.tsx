import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { chatApi, CHAT_MESSAGES, type ChatMessage } from '../../chat';
import { formatDate } from '../lib/dispute-format';

/** The booking's chat, oldest first, as the admin deciding a dispute reads it (read-only). */
export function ChatTranscript({ bookingId }: { bookingId: string }) {
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    chatApi
      .bookingMessages(bookingId)
      .then((page) => live && setMessages([...page.data].reverse()))
      .catch((e: unknown) => live && setError(getErrorMessage(e, CHAT_MESSAGES.messagesFailed)));
    return () => {
      live = false;
    };
  }, [bookingId]);

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="transcript-title">
      <Title id="transcript-title" order={2} size="h4" mb="sm">
        Chat transcript
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : !messages ? (
        <Skeleton height={80} aria-label="Loading messages" />
      ) : messages.length === 0 ? (
        <Text size="sm">No messages on this booking.</Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} style={{ listStyle: 'none' }} aria-label="Messages">
          {messages.map((m) => (
            <li key={m._id}>
              <Text size="xs" c="dimmed">
                {m.sender.firstName} {m.sender.lastName} · {formatDate(m.createdAt)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {m.text}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
