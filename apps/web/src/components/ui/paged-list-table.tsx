import type { ReactNode } from 'react';
import { ListTable, type ListColumn } from './list-table';
import { PagedListView, type PagedListViewProps } from './paged-list-view';

/** An admin list that grows as it scrolls, as a table (PagedListView around a ListTable). */
export function PagedListTable<T extends { _id: string }>({
  caption,
  columns,
  renderRow,
  ...view
}: Omit<PagedListViewProps<T>, 'children'> & {
  caption: string;
  columns: readonly ListColumn[];
  renderRow: (item: T) => ReactNode;
}) {
  return (
    <PagedListView {...view}>
      {(items) => (
        <ListTable caption={caption} highlightOnHover columns={columns}>
          {items.map(renderRow)}
        </ListTable>
      )}
    </PagedListView>
  );
}
