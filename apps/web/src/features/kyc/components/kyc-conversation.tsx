import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { useAppDispatch } from '../../../app/hooks';
import type { KycRecord } from '../kyc-api';
import { sendKycMessage } from '../kyc-slice';
import { formatDateTime } from '../../../lib/dates';
import { SEND_ON_ENTER_HINT, sendOnEnter } from '../../../lib/send-on-enter';

type Props = {
  record: KycRecord;
  /** The caller's id: their own messages are shown as "You". */
  me: string | undefined;
  /** The member's name, for their messages on a reviewer's screen. */
  memberName?: string;
  /** A reviewer reads this: a message of another admin is "Another reviewer", not "Reviewer". */
  asReviewer?: boolean;
  label: string;
};

/** Who wrote a message, from the reader's side: by its sender's role, never assumed. */
function authorOf(
  message: KycRecord['conversation'][number],
  { me, memberName, asReviewer }: Pick<Props, 'me' | 'memberName' | 'asReviewer'>,
): string {
  if (message.sender === me) return 'You';
  if (message.senderRole === 'user') return memberName || 'Member';
  return asReviewer ? 'Another reviewer' : 'Reviewer';
}

const when = formatDateTime;
const MESSAGE_FIELD_ID = 'kyc-message';

/** The conversation of a KYC record, oldest first, with a composer. */
export function KycConversation({ record, me, memberName, asReviewer, label }: Props) {
  const dispatch = useAppDispatch();
  const focusNext = useFocusAfterRender();
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
      // Send is disabled once the text is cleared: the focus stays in the message field.
      focusNext(MESSAGE_FIELD_ID);
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
                {authorOf(m, { me, memberName, asReviewer })} ·{' '}
                <time dateTime={m.sentAt}>{when(m.sentAt)}</time>
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
            id={MESSAGE_FIELD_ID}
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
