import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import {
  NEARBY_PAGE_SIZE,
  SITTER_MESSAGES,
  sittersApi,
  type SitterCard,
  type SitterFilters,
} from '../sitters-api';

export type SitterSearchState = {
  items: SitterCard[];
  page: number;
  total: number;
  hasMore: boolean;
  mode: 'nearby' | 'all' | null;
  isLoading: boolean;
  isLoadingMore: boolean;
  error: string | null;
};

const INITIAL: SitterSearchState = {
  items: [],
  page: 0,
  total: 0,
  hasMore: false,
  mode: null,
  isLoading: true,
  isLoadingMore: false,
  error: null,
};

/** GET /api/user/nearby, page by page: a new filter starts over, "Load more" appends. */
export function useSitterSearch(filters: SitterFilters) {
  const [state, setState] = useState<SitterSearchState>(INITIAL);
  // Answers to an older filter (typed over) must not land on the newer list.
  const generation = useRef(0);

  const load = useCallback(async (page: number, current: SitterFilters, gen: number) => {
    try {
      const answer = await sittersApi.nearby({ page, limit: NEARBY_PAGE_SIZE, ...current });
      if (gen !== generation.current) return;
      // A page of cards is a large render: as a transition React slices it and input stays free.
      startTransition(() =>
        setState((s) => {
          const base = page === 1 ? [] : s.items;
          const seen = new Set(base.map((u) => u._id));
          const fresh = (answer.nearbyUsers ?? []).filter((u) => !seen.has(u._id));
          return {
            items: [...base, ...fresh],
            page: answer.page ?? page,
            total: answer.total ?? base.length + fresh.length,
            hasMore: answer.hasMore ?? (answer.page ?? page) < (answer.totalPages ?? 0),
            mode: answer.mode ?? null,
            isLoading: false,
            isLoadingMore: false,
            error: null,
          };
        }),
      );
    } catch (error) {
      if (gen !== generation.current) return;
      const message = getErrorMessage(error, SITTER_MESSAGES.listFailed);
      setState((s) => ({ ...s, isLoading: false, isLoadingMore: false, error: message }));
    }
  }, []);

  const { name, city, service, startDate, endDate, petType } = filters;
  // One string for the effect's dependencies: a new filter object with the same values is no change.
  const filterKey = JSON.stringify({ name, city, service, startDate, endDate, petType });
  useEffect(() => {
    generation.current += 1;
    const gen = generation.current;
    queueMicrotask(() => {
      if (gen === generation.current) setState((s) => ({ ...s, isLoading: true, error: null }));
    });
    void load(1, JSON.parse(filterKey) as SitterFilters, gen);
  }, [filterKey, load]);

  const loadMore = useCallback(() => {
    setState((s) => ({ ...s, isLoadingMore: true, error: null }));
    void load(state.page + 1, JSON.parse(filterKey) as SitterFilters, generation.current);
  }, [load, state.page, filterKey]);

  return { ...state, loadMore };
}
