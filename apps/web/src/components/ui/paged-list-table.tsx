import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PagedList } from '../../lib/use-paged-list';
import { ListTable, type ListColumn } from './list-table';
import { LoadMore } from './load-more';

/**
 * An admin list that grows as it scrolls (lib/use-paged-list.ts): the first page's error, the
 * count the API reports, the table, what an empty result says, and the LoadMore tail.
 */
export function PagedListTable<T>({
  list,
  caption,
  columns,
  countLabel,
  emptyText,
  endLabel,
  renderRow,
}: {
  list: PagedList<T>;
  caption: string;
  columns: readonly ListColumn[];
  /** The count line, e.g. `(n) => countOf(n, 'member')` (lib/plural). */
  countLabel: (count: number) => string;
  emptyText: string;
  endLabel: string;
  renderRow: (item: T) => ReactNode;
}) {
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
      <ListTable caption={caption} highlightOnHover columns={columns}>
        {items.map(renderRow)}
      </ListTable>
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
