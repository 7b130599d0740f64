/**
 * For lists kept in a Redux slice that grow page by page (the slice-side twin of
 * use-paged-list.ts): puts one API page into what is shown, without showing anything twice.
 * Page 1 replaces the list unless `keepTail` (a refresh of the head while later pages stay:
 * the fresh head first, then what was shown and is not in it); a later page appends what is
 * not shown yet (rows move between pages when new ones arrive in front).
 */
export function mergeListPage<T>(
  shown: readonly T[],
  incoming: readonly T[],
  page: number,
  idOf: (item: T) => string,
  keepTail = false,
): T[] {
  if (page === 1 && !keepTail) return [...incoming];
  const ids = new Set((page === 1 ? incoming : shown).map(idOf));
  if (page === 1) return [...incoming, ...shown.filter((item) => !ids.has(idOf(item)))];
  return [...shown, ...incoming.filter((item) => !ids.has(idOf(item)))];
}

/** Where a slice's growing list stands (shown with <LoadMore>). */
export type ListPaging = {
  /** The filters of the list shown (page 1 sets them); answers for other filters are stale. */
  key: string;
  /** The deepest page shown (0: none yet). */
  page: number;
  hasMore: boolean;
  /** A page after the first is on its way. */
  loadingMore: boolean;
  /** Why the last later page failed (page 1 failures stay the slice's own error). */
  error: string | null;
};

export const initialListPaging: ListPaging = {
  key: '',
  page: 0,
  hasMore: false,
  loadingMore: false,
  error: null,
};

/** A thunk's `condition`: page 1 always, a later page only once, only the next one, same filters. */
export const mayLoadPage = (paging: ListPaging, page: number, key = '') =>
  page === 1 || (!paging.loadingMore && page === paging.page + 1 && key === paging.key);

/** An answer for filters no longer shown (the user changed them meanwhile): to be dropped. */
export const isStalePage = (paging: ListPaging, key = '') => paging.key !== key;

/** A page was asked for; true when it is a later page (page 1 is the slice's own loading). */
export function pageRequested(paging: ListPaging, page: number, key = '') {
  if (page === 1) {
    if (paging.key !== key) Object.assign(paging, { ...initialListPaging, key });
    return false;
  }
  paging.loadingMore = true;
  paging.error = null;
  return true;
}

/**
 * A page arrived. `keptTail` says page 1 was merged with `mergeListPage(…, keepTail)`: the
 * later pages stay shown, so the paging stays where it was, and `shownCount`/`total` only stop
 * offering more once everything is shown. Otherwise page 1 replaced the list, so the paging
 * starts again from page 1 (a persisted "page 2, nothing more" must not outlive the rows it
 * described).
 */
export function pageArrived(
  paging: ListPaging,
  page: number,
  answer: {
    hasMore: boolean;
    count: number;
    total?: number;
    shownCount: number;
    keptTail?: boolean;
  },
) {
  if (page === 1 && answer.keptTail && paging.page > 1) {
    if (answer.total !== undefined && answer.shownCount >= answer.total) paging.hasMore = false;
    return;
  }
  Object.assign(paging, {
    page,
    hasMore: answer.hasMore && answer.count > 0,
    loadingMore: page === 1 ? paging.loadingMore : false,
    error: null,
  });
}

/** A page failed; true when it was a later page (its error is kept in `paging`). */
export function pageFailed(paging: ListPaging, page: number, message: string) {
  if (page === 1) return false;
  paging.loadingMore = false;
  paging.error = message;
  return true;
}
