/**
 * The lists of the sitter's request board: their invitations and applications, open requests
 * nearby (paged, without the ones they already hold a request for) and their stays in progress.
 */
import { useCallback } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useLoad } from '../../../lib/use-load';
import { pageOfList, usePagedList, type ListPage } from '../../../lib/use-paged-list';
import { BOOKING_MESSAGES, BOOKINGS_PAGE_SIZE, bookingsApi, type Booking } from '../bookings-api';
import { isBookingEvent, useLiveRefresh } from '../../notifications';
import { loadOpenPage, loadProviderRequests, openBoardItems } from '../lib/provider-board';

/** Loads once `userId` is known; `board.reload()` and `feed.reload()` refresh after an action. */
export function useRequestBoard(userId: string) {
  const loadRequests = useCallback(async () => {
    try {
      return await loadProviderRequests();
    } catch (error) {
      throw new Error(getErrorMessage(error, BOOKING_MESSAGES.listFailed), { cause: error });
    }
  }, []);
  const board = useLoad(userId || null, loadRequests, BOOKING_MESSAGES.listFailed);

  const fetchOpen = useCallback(async (page: number) => {
    try {
      return await loadOpenPage(page);
    } catch (error) {
      throw new Error(getErrorMessage(error, BOOKING_MESSAGES.listFailed), { cause: error });
    }
  }, []);
  const feed = usePagedList(userId || null, fetchOpen, BOOKING_MESSAGES.listFailed);
  // Until the sitter's requests are known, an invitation could show as open: wait for them.
  const openItems = board.data ? openBoardItems(feed.items, board.data) : [];

  const fetchInProgress = useCallback(async (page: number): Promise<ListPage<Booking>> => {
    try {
      const query = { status: 'in-progress' as const, page, limit: BOOKINGS_PAGE_SIZE };
      return pageOfList((await bookingsApi.listProvider(query)).data);
    } catch (error) {
      throw new Error(getErrorMessage(error, BOOKING_MESSAGES.inProgressFailed), { cause: error });
    }
  }, []);
  const inProgress = usePagedList(
    userId || null,
    fetchInProgress,
    BOOKING_MESSAGES.inProgressFailed,
  );
  // An owner accepted, declined, invited or cancelled: the board follows the bell's news.
  useLiveRefresh(
    isBookingEvent,
    () => {
      board.reload();
      feed.reload();
      inProgress.reload();
    },
    Boolean(userId),
  );
  return { board, feed, openItems, inProgress };
}
