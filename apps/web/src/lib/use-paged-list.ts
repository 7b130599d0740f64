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

/**
 * A list that grows page by page: page 1 loads when `key` is set or changes (filters belong in
 * the key), loadMore() appends the next page while the API says there is more. A failed page
 * keeps what is shown and sets `error`; loadMore() retries it. `fetchPage` must be stable
 * (useCallback). Used with <LoadMore> (components/ui/load-more.tsx), which calls loadMore() when
 * the end of the list scrolls into view or its button is pressed.
 */
export function usePagedList<T>(
  key: string | null,
  fetchPage: (page: number) => Promise<ListPage<T>>,
  fallbackError: string,
) {
  const [state, setState] = useState<State<T>>(() => initial<T>(key));
  const busy = useRef(false);
  const current = state.key === key ? state : initial<T>(key);
  const keyRef = useRef(key);

  /** Fetches a page into the state (no state set before the answer). */
  const fetchInto = useCallback(
    (forKey: string | null, page: number) => {
      if (forKey === null) return;
      busy.current = true;
      fetchPage(page).then(
        (answer) => {
          if (keyRef.current !== forKey) return;
          busy.current = false;
          setState((s) => ({
            key: forKey,
            items: page === 1 ? answer.items : [...s.items, ...answer.items],
            page,
            hasMore: answer.hasMore && answer.items.length > 0,
            total: answer.total ?? null,
            isLoading: false,
            error: null,
          }));
        },
        (error: unknown) => {
          if (keyRef.current !== forKey) return;
          busy.current = false;
          const message = error instanceof Error && error.message ? error.message : fallbackError;
          setState((s) => ({ ...s, key: forKey, isLoading: false, error: message }));
        },
      );
    },
    [fetchPage, fallbackError],
  );

  // A new key starts from page 1 (the derived state above already shows it loading).
  useEffect(() => {
    keyRef.current = key;
    busy.current = false;
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
export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
