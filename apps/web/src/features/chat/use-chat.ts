import { useCallback, useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useCurrentUser } from '../auth';
import { liveChannel, useLiveCatchUp } from '../notifications';
import type { ChatMessage } from './chat-api';
import { isWith } from './chat-model';
import {
  chatUserSeen,
  fetchConversations,
  fetchThread,
  messageReceived,
  messagesRead,
  pollingStarted,
  pollingStopped,
} from './chat-slice';

/** Whether the member can see the page now: its tab shown and its window focused. */
const isPageInView = () => document.visibilityState === 'visible' && document.hasFocus();

/** How often an open chat screen re-reads the conversations (and the open thread). */
export const CHAT_POLL_MS = 10_000;

/**
 * While a chat screen is mounted: ties the chat to the signed-in user, listens to live
 * `message` / `message-read` events, and polls the conversation list (and the open thread),
 * which catches anything a dropped live connection missed (at once when the stream comes back).
 * Unmounting stops all of it.
 * `withUserId` reads only the thread with that party (one sitter of an owner's open booking).
 */
export function useChat(bookingId: string | null, withUserId?: string) {
  const dispatch = useAppDispatch();
  const userId = useCurrentUser()?.id ?? null;

  useEffect(() => {
    if (userId) dispatch(chatUserSeen(userId));
  }, [dispatch, userId]);

  useEffect(() => {
    const offMessage = liveChannel.subscribe('message', (data) => {
      const message = data as ChatMessage;
      // A message into the thread on screen is read as it arrives: not counted as unread, and
      // the thread is read again so the server marks it read (and the sender sees "Read").
      const isOnScreen =
        message.bookingId === bookingId && isWith(message, withUserId) && isPageInView();
      dispatch(messageReceived(message, { isSeen: isOnScreen }));
      if (isOnScreen && bookingId)
        void dispatch(fetchThread({ bookingId, ...(withUserId ? { withUserId } : {}) }));
    });
    const offRead = liveChannel.subscribe('message-read', (data) =>
      dispatch(messagesRead(data as { bookingId: string; readAt: string })),
    );
    return () => {
      offMessage();
      offRead();
    };
  }, [dispatch, bookingId, withUserId]);

  const refresh = useCallback(() => {
    void dispatch(fetchConversations(1));
    if (bookingId) void dispatch(fetchThread({ bookingId, ...(withUserId ? { withUserId } : {}) }));
  }, [dispatch, bookingId, withUserId]);

  useEffect(() => {
    refresh();
    dispatch(pollingStarted());
    const timer = window.setInterval(refresh, CHAT_POLL_MS);
    return () => {
      window.clearInterval(timer);
      dispatch(pollingStopped());
    };
  }, [dispatch, refresh]);

  // Messages pushed while the stream was down show as soon as it is back, not at the next poll.
  useLiveCatchUp(refresh);
}
