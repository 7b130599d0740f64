import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../lib/api-error';
import { liveChannel } from './live-channel';
import { NOTIFICATION_MESSAGES, notificationsApi, type AppNotification } from './notifications-api';
import { isNotification, mergeNotifications, sortNewestFirst } from './notifications-model';

/** The live channel may drop silently: a poll this often makes sure nothing is lost (DESIGN §6). */
export const NOTIFICATION_POLL_MS = 60_000;

export type NotificationsState = {
  items: AppNotification[];
  isLoading: boolean;
  isClearing: boolean;
  error: string | null;
};

/**
 * The signed-in user's unread notifications: fetched once, polled every minute, and prepended
 * live from the tab's live channel (deduplicated by _id). `token` re-subscribes on a new session.
 */
export function useNotifications(token: string | null) {
  const [state, setState] = useState<NotificationsState>({
    items: [],
    isLoading: true,
    isClearing: false,
    error: null,
  });
  const isMounted = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const list = await notificationsApi.fetchAll();
      if (!isMounted.current) return;
      setState((s) => ({ ...s, items: sortNewestFirst(list), isLoading: false, error: null }));
    } catch (error) {
      if (!isMounted.current) return;
      const message = getErrorMessage(error, NOTIFICATION_MESSAGES.fetchFailed);
      setState((s) => ({ ...s, isLoading: false, error: message }));
    }
  }, []);

  useEffect(() => {
    isMounted.current = true;
    if (!token) return undefined;
    const first = setTimeout(() => void refresh(), 0);
    const poll = setInterval(() => void refresh(), NOTIFICATION_POLL_MS);
    const stopLive = liveChannel.subscribe('notification', (data) => {
      if (!isNotification(data)) return;
      setState((s) => ({ ...s, items: mergeNotifications(s.items, [data]) }));
    });
    // After a reconnect, catch up on whatever was pushed while the connection was down.
    const stopOpen = liveChannel.onOpen(() => void refresh());
    return () => {
      isMounted.current = false;
      clearTimeout(first);
      clearInterval(poll);
      stopLive();
      stopOpen();
    };
  }, [token, refresh]);

  const markAllRead = useCallback(async () => {
    setState((s) => ({ ...s, isClearing: true, error: null }));
    try {
      await notificationsApi.markAllRead();
      setState((s) => ({ ...s, items: [], isClearing: false }));
    } catch (error) {
      const message = getErrorMessage(error, NOTIFICATION_MESSAGES.clearFailed);
      setState((s) => ({ ...s, isClearing: false, error: message }));
    }
  }, []);

  return { ...state, refresh, markAllRead };
}
