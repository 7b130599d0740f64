import { Alert, Button, Group, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useCurrentUser } from '../../auth';
import { MESSAGE_MAX_LENGTH } from '@pawsy/contract';
import { isWith, threadKey } from '../chat-model';
import { draftTyped, fetchThread, sendMessage } from '../chat-slice';
import { formatDateTime } from '../../../lib/dates';
import { SEND_ON_ENTER_HINT, sendOnEnter } from '../../../lib/send-on-enter';

const EMPTY: never[] = [];
const time = formatDateTime;

/** One booking's thread (oldest at the top) and the composer; Enter sends, Shift+Enter breaks. */
export function ChatThread({
  bookingId,
  title,
  recipientId,
  focusComposer = false,
}: {
  bookingId: string;
  title?: string;
  /** Only for an owner: the sitter written to (the assigned one, or one of an open booking). */
  recipientId?: string;
  /** In a dialog: the message box is where the keyboard starts, not the dialog's close button. */
  focusComposer?: boolean;
}) {
  const dispatch = useAppDispatch();
  const me = useCurrentUser()?.id;
  const all = useAppSelector((s) => s.chat.threads[bookingId] ?? EMPTY);
  const messages = recipientId ? all.filter((m) => isWith(m, recipientId)) : all;
  const meta = useAppSelector((s) => s.chat.threadMeta[threadKey(bookingId, recipientId)]);
  const error = useAppSelector((s) => s.chat.threadError ?? null);
  const missing = useAppSelector((s) => s.chat.missingThreads?.[bookingId]);
  // What is typed lives in the chat state (per thread), so closing the chat keeps a draft.
  const key = threadKey(bookingId, recipientId);
  const text = useAppSelector((s) => s.chat.drafts?.[key] ?? '');
  const setText = (next: string, ifEmpty = false) =>
    dispatch(draftTyped({ key, text: next, ifEmpty }));
  const [sending, setSending] = useState(false);
  // The dialog's focus trap starts on [data-autofocus]. A thread shown only once the owner's
  // sitters have loaded comes after that (focus is on the dialog's close button by then), so it
  // takes the focus itself; before the trap has run, focus stays put for the dialog to remember
  // the Chat button it returns to.
  const composer = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const box = composer.current;
    if (focusComposer && box?.closest('[role="dialog"]')?.contains(document.activeElement))
      box.focus();
  }, [focusComposer]);

  // The thread opens on its newest message and follows new ones, the member's own always and
  // the other party's while the member is at the bottom (not while they read older messages).
  const viewport = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const newestId = messages[0]?._id;
  const newestIsMine = messages[0]?.sender._id === me;
  useEffect(() => {
    const view = viewport.current;
    if (newestId && view && (atBottom.current || newestIsMine)) view.scrollTop = view.scrollHeight;
  }, [newestId, newestIsMine]);
  const olderPage = meta?.hasMore ? meta.page + 1 : null;
  // Older messages load as the top is reached, as every long list does, and the messages read
  // stay where they were: the thread grows above them by what arrived.
  const olderRequest = useRef<{ height: number; top: number } | null>(null);
  const loadOlder = () => {
    const view = viewport.current;
    if (!olderPage || olderRequest.current) return;
    olderRequest.current = { height: view?.scrollHeight ?? 0, top: view?.scrollTop ?? 0 };
    void dispatch(
      fetchThread({
        bookingId,
        page: olderPage,
        ...(recipientId ? { withUserId: recipientId } : {}),
      }),
    ).finally(() =>
      requestAnimationFrame(() => {
        olderRequest.current = null;
      }),
    );
  };
  const oldestId = messages.at(-1)?._id;
  useLayoutEffect(() => {
    const view = viewport.current;
    const before = olderRequest.current;
    if (view && before) view.scrollTop = view.scrollHeight - before.height + before.top;
  }, [oldestId]);
  const onScroll = () => {
    const view = viewport.current;
    if (!view) return;
    atBottom.current = view.scrollHeight - view.scrollTop - view.clientHeight < 48;
    if (view.scrollTop < 48 && view.scrollHeight > view.clientHeight) loadOlder();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || sending) return;
    // The box empties as the message leaves, so what is typed while it is on its way stays; a
    // failed message comes back only into an empty box, never over newer text.
    const sent = text;
    // Sent with the Send button, which is disabled while the box is empty: the focus goes on to
    // the box for the next message instead of falling to <body>.
    const box = event?.currentTarget.querySelector('textarea');
    if (box && document.activeElement !== box) box.focus();
    setText('');
    setSending(true);
    const result = await dispatch(
      sendMessage({ bookingId, text: trimmed, ...(recipientId ? { recipientId } : {}) }),
    );
    setSending(false);
    if (sendMessage.rejected.match(result)) setText(sent, true);
  };
  const onKeyDown = sendOnEnter(() => void submit());

  // No such booking, or not the caller's: nothing to read, nobody to write to.
  if (missing)
    return (
      <Alert color="yellow" role="alert">
        {missing}
      </Alert>
    );

  return (
    <Stack gap="sm" aria-label={title ?? 'Conversation'} role="region">
      {olderPage && (
        <Button variant="subtle" size="xs" onClick={loadOlder}>
          Load older messages
        </Button>
      )}
      <ScrollArea.Autosize
        mah={420}
        viewportRef={viewport}
        onScrollPositionChange={onScroll}
        // The messages hold no control: the box itself takes the focus, so arrow keys scroll it.
        viewportProps={{ tabIndex: 0, 'aria-label': 'Messages, scrollable' }}
      >
        <Stack
          gap="xs"
          component="ol"
          aria-label="Messages"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {messages.length === 0 && (
            <Text c="dimmed" component="li">
              No messages yet. Say hello!
            </Text>
          )}
          {[...messages].reverse().map((m) => {
            const mine = m.sender._id === me;
            return (
              <Paper
                key={m._id}
                component="li"
                withBorder
                p="xs"
                radius="md"
                bg={mine ? 'var(--mantine-color-blue-light)' : undefined}
                style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '80%' }}
              >
                <Text size="xs" c="dimmed">
                  {mine ? 'You' : `${m.sender.firstName} ${m.sender.lastName}`} · {time(m.sentAt)}
                  {mine && m.read ? ' · Read' : ''}
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.text}</Text>
              </Paper>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={(e) => void submit(e)}>
        <Group align="flex-end" wrap="nowrap">
          <Textarea
            label="Message"
            placeholder="Write a message…"
            description={SEND_ON_ENTER_HINT}
            autosize
            minRows={1}
            maxRows={5}
            maxLength={MESSAGE_MAX_LENGTH}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            style={{ flex: 1 }}
            ref={composer}
            data-autofocus={focusComposer || undefined}
          />
          <Button type="submit" loading={sending} disabled={!text.trim()}>
            Send
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
