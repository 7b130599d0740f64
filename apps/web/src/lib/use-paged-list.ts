import { useCallback, useEffect, useRef, useState } from 'react';

/** One page of a paged API answer (page/limit + meta), reduced to what a growing list needs. */
export type ListPage<T> = { items: T[]; hasMore: boolean; total?: number };

/** A list answer with the paging fields at the top (SPEC §7: data, total, hasMore) → a ListPage. */
export const pageOfList = <T>(answer: { data: T[]; hasMore: boolean; total: number }) =>
  ({ items: answer.data, hasMore: answer.hasMore, total: answer.total }) satisfies ListPage<T>;

type State<T> = {
  key: string | null;
  items: T[];
  page: number;
  hasMore: boolean;
  total: number | null;
  isLoading: boolean;
  error: string | null;
};

const initial = <T>(key: string | null): State<T> => ({
  key,
  items: [],
  page: 0,
  hasMore: true,
  total: null,
  isLoading: key !== null,
  error: null,
});

/** Items in order, each id once (the first time it comes). */
function withoutRepeats<T extends { _id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item._id) && Boolean(seen.add(item._id)));
}

/**
 * A list that grows page by page: page 1 loads when `key` is set or changes (filters belong in
 * the key), loadMore() appends the next page while the API says there is more. A failed page
 * keeps what is shown and sets `error`; loadMore() retries it. `fetchPage` must be stable
 * (useCallback). Used with <LoadMore> (components/ui/load-more.tsx), which calls loadMore() when
 * the end of the list scrolls into view or its button is pressed.
 *
 * Pages are offsets, so rows shift when the list changes while it is read: one arriving in front
 * pushes a shown row onto the next page, one leaving (a decided KYC record in the pending queue)
 * pulls an unseen row onto a page already read. A later page whose total differs from the last
 * one is the sign: the pages read so far are read again, so nothing is shown twice or skipped.
 */
export function usePagedList<T extends { _id: string }>(
  key: string | null,
  fetchPage: (page: number) => Promise<ListPage<T>>,
  fallbackError: string,
) {
  const [state, setState] = useState<State<T>>(() => initial<T>(key));
  const busy = useRef(false);
  const current = state.key === key ? state : initial<T>(key);
  const keyRef = useRef(key);
  /** The total of the last page read (null: none yet, or pages without a total). */
  const totalRef = useRef<number | null>(null);

  const fail = useCallback(
    (forKey: string, error: unknown) => {
      if (keyRef.current !== forKey) return;
      busy.current = false;
      const message = error instanceof Error && error.message ? error.message : fallbackError;
      setState((s) => ({ ...s, key: forKey, isLoading: false, error: message }));
    },
    [fallbackError],
  );

  const show = useCallback((forKey: string, items: T[], page: number, last: ListPage<T>) => {
    busy.current = false;
    totalRef.current = last.total ?? null;
    setState({
      key: forKey,
      items,
      page,
      hasMore: last.hasMore && last.items.length > 0,
      total: last.total ?? null,
      isLoading: false,
      error: null,
    });
  }, []);

  /** Pages 1…`upTo` again, in turn, as one list (the list changed while it was being read). */
  const reread = useCallback(
    async (forKey: string, upTo: number) => {
      const items: T[] = [];
      for (let page = 1; page <= upTo; page++) {
        const answer = await fetchPage(page);
        if (keyRef.current !== forKey) return;
        items.push(...answer.items);
        if (page === upTo || !answer.hasMore)
          return show(forKey, withoutRepeats(items), page, answer);
      }
    },
    [fetchPage, show],
  );

  /** Fetches a page into the state (no state set before the answer). */
  const fetchInto = useCallback(
    (forKey: string | null, page: number) => {
      if (forKey === null) return;
      busy.current = true;
      fetchPage(page).then(
        (answer) => {
          if (keyRef.current !== forKey) return;
          const moved =
            page > 1 &&
            totalRef.current !== null &&
            answer.total !== undefined &&
            answer.total !== totalRef.current;
          if (moved) {
            reread(forKey, page).catch((error: unknown) => fail(forKey, error));
            return;
          }
          busy.current = false;
          totalRef.current = answer.total ?? null;
          setState((s) => ({
            key: forKey,
            items: page === 1 ? answer.items : withoutRepeats([...s.items, ...answer.items]),
            page,
            hasMore: answer.hasMore && answer.items.length > 0,
            total: answer.total ?? null,
            isLoading: false,
            error: null,
          }));
        },
        (error: unknown) => fail(forKey, error),
      );
    },
    [fetchPage, fail, reread],
  );

  // A new key starts from page 1 (the derived state above already shows it loading).
  useEffect(() => {
    keyRef.current = key;
    busy.current = false;
    totalRef.current = null;
    fetchInto(key, 1);
  }, [key, fetchInto]);

  const loadPage = useCallback(
    (page: number) => {
      if (key === null) return;
      setState((s) => ({ ...(s.key === key ? s : initial<T>(key)), isLoading: true }));
      fetchInto(key, page);
    },
    [fetchInto, key],
  );

  const loadMore = useCallback(() => {
    if (busy.current || !current.hasMore) return;
    loadPage(current.page + 1);
  }, [loadPage, current.hasMore, current.page]);

  const reload = useCallback(() => loadPage(1), [loadPage]);

  return {
    items: current.items,
    hasMore: current.hasMore,
    /** The API's total count, when its pages carry one. */
    total: current.total,
    isLoading: current.isLoading,
    error: current.error,
    loadMore,
    reload,
  };
}

/** What usePagedList gives a screen. */
export type PagedList<T extends { _id: string }> = ReturnType<typeof usePagedList<T>>;
