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
