import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../lib/api-error';
import {
  initialListPaging,
  mayLoadPage,
  mergeListPage,
  pageArrived,
  pageFailed,
  pageRequested,
  type ListPaging,
} from '../../lib/list-pages';
import { liveChannel } from './live-channel';
import {
  NOTIFICATION_MESSAGES,
  notificationsApi,
  type AppNotification,
  type NotificationPage,
} from './notifications-api';
import { isNotification, mergeNotifications, sortNewestFirst } from './notifications-model';
import { announceAllRead } from './use-live-refresh';

/** The live channel may drop silently: a poll this often makes sure nothing is lost (DESIGN §6). */
export const NOTIFICATION_POLL_MS = 60_000;

export type NotificationsState = {
  items: AppNotification[];
  /** Unread in all, as the API last counted them plus those pushed live since. */
  total: number;
  paging: ListPaging;
  isLoading: boolean;
  isClearing: boolean;
  error: string | null;
};

const idOf = (n: AppNotification) => n._id;

/** A page into the state: page 1 refreshes the head (later pages stay), a later page appends. */
function withPage(s: NotificationsState, page: number, answer: NotificationPage) {
  const keepTail = page === 1 && s.paging.page > 1;
  const items = sortNewestFirst(mergeListPage(s.items, answer.items, page, idOf, keepTail));
  const paging = { ...s.paging };
  pageArrived(paging, page, {
    hasMore: answer.hasMore,
    count: answer.items.length,
    total: answer.total,
    shownCount: items.length,
    keptTail: keepTail,
  });
  return { ...s, items, paging, total: answer.total };
}

/**
 * The signed-in user's unread notifications, a page at a time: page 1 is fetched once, polled
 * every minute (later pages stay shown) and prepended live from the tab's live channel
 * (deduplicated by _id); loadMore() appends the next page. `token` re-subscribes on a new session.
 */
export function useNotifications(token: string | null) {
  const [state, setState] = useState<NotificationsState>({
    items: [],
    total: 0,
    paging: initialListPaging,
    isLoading: true,
    isClearing: false,
    error: null,
  });
  const isMounted = useRef(true);
  // The paging as last set, for loadMore's guard (one later page at a time, only the next one).
  const paging = useRef<ListPaging>(initialListPaging);
  useEffect(() => {
    paging.current = state.paging;
  }, [state.paging]);
  // Bumped by mark-all-read: a page asked for before it answers for a list that no longer is.
  const generation = useRef(0);

  const refresh = useCallback(async () => {
    const asked = generation.current;
    try {
      const answer = await notificationsApi.fetchPage(1);
      if (!isMounted.current || asked !== generation.current) return;
      setState((s) => ({ ...withPage(s, 1, answer), isLoading: false, error: null }));
    } catch (error) {
      if (!isMounted.current) return;
      const message = getErrorMessage(error, NOTIFICATION_MESSAGES.fetchFailed);
      setState((s) => ({ ...s, isLoading: false, error: message }));
    }
  }, []);

  const loadMore = useCallback(async () => {
    const page = paging.current.page + 1;
    if (page === 1 || !mayLoadPage(paging.current, page)) return;
    const requested = { ...paging.current };
    pageRequested(requested, page);
    paging.current = requested;
    setState((s) => ({ ...s, paging: requested }));
    const asked = generation.current;
    try {
      const answer = await notificationsApi.fetchPage(page);
      if (!isMounted.current || asked !== generation.current) return;
      setState((s) => withPage(s, page, answer));
    } catch (error) {
      if (!isMounted.current || asked !== generation.current) return;
      const message = getErrorMessage(error, NOTIFICATION_MESSAGES.fetchFailed);
      setState((s) => {
        const failed = { ...s.paging };
        pageFailed(failed, page, message);
        return { ...s, paging: failed };
      });
    }
  }, []);

  useEffect(() => {
    isMounted.current = true;
    if (!token) return undefined;
    const first = setTimeout(() => void refresh(), 0);
    const poll = setInterval(() => void refresh(), NOTIFICATION_POLL_MS);
    const stopLive = liveChannel.subscribe('notification', (data) => {
      if (!isNotification(data)) return;
      setState((s) => {
        const items = mergeNotifications(s.items, [data]);
        return { ...s, items, total: s.total + (items.length - s.items.length) };
      });
    });
    // Read elsewhere (a chat thread read in this or another tab reads its "New message" notices):
    // they leave the list, and the unread count drops by as many.
    const stopRead = liveChannel.subscribe('notifications-read', (data) => {
      const ids = (data as { ids?: unknown } | null)?.ids;
      if (!Array.isArray(ids) || ids.length === 0) return;
      const gone = new Set(ids.filter((id): id is string => typeof id === 'string'));
      setState((s) => ({
        ...s,
        items: s.items.filter((item) => !gone.has(item._id)),
        total: Math.max(0, s.total - gone.size),
      }));
    });
    // After a (re)connect or the tab's return, catch up on whatever the stream did not deliver.
    const stopCatchUp = liveChannel.onCatchUp(() => void refresh());
    return () => {
      isMounted.current = false;
      clearTimeout(first);
      clearInterval(poll);
      stopLive();
      stopRead();
      stopCatchUp();
    };
  }, [token, refresh]);

  const markAllRead = useCallback(async () => {
    setState((s) => ({ ...s, isClearing: true, error: null }));
    generation.current += 1;
    try {
      await notificationsApi.markAllRead();
      generation.current += 1;
      // Everything is read: nothing is left to show or to load (SPEC §4).
      const cleared: ListPaging = { ...initialListPaging, page: 1 };
      paging.current = cleared;
      setState((s) => ({ ...s, items: [], total: 0, paging: cleared, isClearing: false }));
      // Screens showing an unread count (the dashboard) follow the bell.
      announceAllRead();
    } catch (error) {
      const message = getErrorMessage(error, NOTIFICATION_MESSAGES.clearFailed);
      setState((s) => ({ ...s, isClearing: false, error: message }));
    }
  }, []);

  // One read (followed, or dismissed): it leaves the list at once; a refused call brings the list
  // back as the API has it, with the message.
  const markRead = useCallback(
    async (id: string) => {
      setState((s) => {
        const items = s.items.filter((item) => item._id !== id);
        return { ...s, items, total: Math.max(0, s.total - (s.items.length - items.length)) };
      });
      try {
        await notificationsApi.markRead(id);
      } catch (error) {
        if (!isMounted.current) return;
        const message = getErrorMessage(error, NOTIFICATION_MESSAGES.clearFailed);
        await refresh();
        setState((s) => ({ ...s, error: message }));
      }
    },
    [refresh],
  );

  return { ...state, refresh, loadMore, markAllRead, markRead };
}
