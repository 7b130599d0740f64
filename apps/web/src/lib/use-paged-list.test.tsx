import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback } from 'react';
import { describe, expect, it } from 'vitest';
import { LoadMore } from '../components/ui/load-more';
import { usePagedList, type ListPage } from './use-paged-list';

const TOTAL = 120;
const LIMIT = 50;
type Row = { _id: string };

/**
 * A paged API over numbered rows (TOTAL unless `rows` is changed between pages, as other people's
 * actions change a real list); `failOnce` pages fail on their first request.
 */
function pagedApi(failOnce: number[] = []) {
  const calls: number[] = [];
  const failing = new Set(failOnce);
  const rows = Array.from({ length: TOTAL }, (_, i) => `Row ${i + 1}`);
  const fetchPage = (page: number): Promise<ListPage<Row>> => {
    calls.push(page);
    if (failing.delete(page)) return Promise.reject(new Error(`Page ${page} failed`));
    const start = (page - 1) * LIMIT;
    const items = rows.slice(start, start + LIMIT).map((id) => ({ _id: id }));
    return Promise.resolve({ items, hasMore: start + LIMIT < rows.length, total: rows.length });
  };
  return { calls, rows, fetchPage };
}

function Rows({ fetchPage }: { fetchPage: (page: number) => Promise<ListPage<Row>> }) {
  const stable = useCallback((page: number) => fetchPage(page), [fetchPage]);
  const list = usePagedList('rows', stable, 'Could not load the rows');
  return (
    <>
      <ul aria-label="Rows">
        {list.items.map((row) => (
          <li key={row._id}>{row._id}</li>
        ))}
      </ul>
      <LoadMore
        count={list.items.length}
        hasMore={list.hasMore}
        isLoading={list.isLoading}
        error={list.error}
        onLoadMore={list.loadMore}
        endLabel="No more rows"
      />
    </>
  );
}

function renderRows(api: ReturnType<typeof pagedApi>) {
  return render(
    <MantineProvider env="test">
      <Rows fetchPage={api.fetchPage} />
    </MantineProvider>,
  );
}

const rows = () => screen.getAllByRole('listitem');

describe('usePagedList with LoadMore', () => {
  it('loads past 50 items page by page and then says there is no more', async () => {
    const api = pagedApi();
    renderRows(api);
    await waitFor(() => expect(rows()).toHaveLength(50));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(100));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(TOTAL));
    expect(rows()[TOTAL - 1]).toHaveTextContent(`Row ${TOTAL}`);
    expect(screen.getByText('No more rows')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([1, 2, 3]);
  });

  it('keeps the loaded rows when a page fails, and retries it', async () => {
    const api = pagedApi([2]);
    renderRows(api);
    await waitFor(() => expect(rows()).toHaveLength(50));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Page 2 failed');
    expect(rows()).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(100));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls).toEqual([1, 2, 2]);
  });

  const loadAll = async () => {
    while (screen.queryByRole('button', { name: 'Load more' })) {
      const before = rows().length;
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(rows().length).not.toBe(before));
    }
  };
  const shown = () => rows().map((row) => row.textContent);

  it('skips nothing when rows leave the list while it is read (a decided queue item)', async () => {
    const api = pagedApi();
    renderRows(api);
    await waitFor(() => expect(rows()).toHaveLength(50));
    // Three rows of page 1 leave: Rows 51–53 move onto page 1, which was already read.
    api.rows.splice(2, 3);
    await loadAll();
    await screen.findByText('No more rows');
    expect(shown()).toEqual(api.rows);
  });

  it('shows nothing twice when rows arrive in front while it is read', async () => {
    const api = pagedApi();
    renderRows(api);
    await waitFor(() => expect(rows()).toHaveLength(50));
    api.rows.unshift('New 1', 'New 2', 'New 3');
    await loadAll();
    await screen.findByText('No more rows');
    expect(shown()).toEqual(api.rows);
  });
});
