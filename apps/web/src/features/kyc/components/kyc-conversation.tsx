import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import type { KycRecord } from '../kyc-api';
import { sendKycMessage } from '../kyc-slice';
import { formatDateTime } from '../../../lib/dates';
import { SEND_ON_ENTER_HINT, sendOnEnter } from '../../../lib/send-on-enter';

type Props = {
  record: KycRecord;
  /** The caller's id: their own messages are shown as "You". */
  me: string | undefined;
  /** How the other side is named ("Reviewer" for the user, the member's name for admins). */
  otherName: string;
  label: string;
};

const when = formatDateTime;

/** The conversation of a KYC record, oldest first, with a composer. */
export function KycConversation({ record, me, otherName, label }: Props) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event?: FormEvent) {
    event?.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    const outcome = await sendKycMessage(dispatch, record._id, text.trim(), me);
    setSending(false);
    if (outcome.ok) {
      setText('');
      setError(null);
    } else setError(outcome.message);
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="kyc-conversation">
      <Title order={2} size="h4" id="kyc-conversation" mb="sm">
        Conversation
      </Title>
      <Stack gap="xs" role="log" aria-live="polite" aria-label="KYC conversation messages">
        {record.conversation.length === 0 && (
          <Text size="sm" c="dimmed">
            No messages yet.
          </Text>
        )}
        {record.conversation.map((m) => {
          const mine = m.sender === me;
          return (
            <Paper
              key={m._id}
              p="xs"
              radius="md"
              bg={mine ? 'var(--mantine-color-pawsy-0)' : 'var(--mantine-color-gray-0)'}
              ml={mine ? 'xl' : 0}
              mr={mine ? 0 : 'xl'}
            >
              <Text size="xs" c="dimmed">
                {mine ? 'You' : otherName} · <time dateTime={m.sentAt}>{when(m.sentAt)}</time>
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {m.text}
              </Text>
            </Paper>
          );
        })}
      </Stack>
      <form onSubmit={onSubmit}>
        <Stack gap="xs" mt="md">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Textarea
            label={label}
            value={text}
            description={SEND_ON_ENTER_HINT}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={sendOnEnter(() => void onSubmit())}
            maxLength={2000}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={sending} disabled={!text.trim()}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
