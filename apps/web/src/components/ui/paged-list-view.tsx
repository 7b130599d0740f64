import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PagedList } from '../../lib/use-paged-list';
import { LoadMore } from './load-more';

export type PagedListViewProps<T extends { _id: string }> = {
  list: PagedList<T>;
  /** The count line, e.g. `(n) => countOf(n, 'member')` (lib/plural). */
  countLabel: (count: number) => string;
  emptyText: string;
  endLabel: string;
  /** The loaded items in their container (a table, a list of cards). */
  children: (items: T[]) => ReactNode;
};

/**
 * A list that grows as it scrolls (lib/use-paged-list.ts): the first page's error, the count the
 * API reports, the items, what an empty result says, and the LoadMore tail.
 */
export function PagedListView<T extends { _id: string }>({
  list,
  countLabel,
  emptyText,
  endLabel,
  children,
}: PagedListViewProps<T>) {
  const { items, error } = list;
  const loading = list.isLoading && items.length === 0;
  return (
    <Stack gap="md">
      {error && items.length === 0 && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Text size="sm" aria-live="polite">
        {loading ? 'Loading…' : countLabel(list.total ?? items.length)}
      </Text>
      {children(items)}
      {!loading && !error && items.length === 0 && <Text>{emptyText}</Text>}
      {items.length > 0 && (
        <LoadMore
          count={items.length}
          hasMore={list.hasMore}
          isLoading={list.isLoading}
          error={error}
          onLoadMore={list.loadMore}
          endLabel={endLabel}
        />
      )}
    </Stack>
  );
}
