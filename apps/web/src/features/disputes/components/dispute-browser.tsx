import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadMore } from '../../../components/ui/load-more';
import { useUrlParam } from '../../../lib/use-url-param';
import type { Dispute, DisputeStatus } from '../disputes-api';
import { fetchDisputes } from '../dispute-slice';
import { DisputeList } from './dispute-list';

const PAGE_SIZE = 20;
const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'closed', label: 'Closed' },
];

/**
 * A dispute list with a status filter (mine, or all for an admin: the server decides) that
 * loads more as it scrolls (the slice appends the pages).
 */
export function DisputeBrowser({
  label,
  linkTo,
  empty,
}: {
  label: string;
  linkTo: (dispute: Dispute) => string;
  empty: string;
}) {
  const dispatch = useAppDispatch();
  const { items, page, paging, loading, error } = useAppSelector((state) => state.dispute);
  // The filter lives in the address (?status=open), so a link can open the list filtered (the
  // admin dashboard's "Disputes open") and Back returns to the same view.
  const [status, setStatus] = useUrlParam(
    'status',
    'all',
    STATUS_OPTIONS.map((o) => o.value),
  );
  const filter = status === 'all' ? undefined : (status as DisputeStatus);
  const loadPage = (pageNo: number) =>
    void dispatch(fetchDisputes({ page: pageNo, limit: PAGE_SIZE, status: filter }));
  const load = () => loadPage(1);

  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(load, [dispatch, status]);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status}
          allowDeselect={false}
          onChange={(value) => {
            setStatus(value ?? 'all');
          }}
          w={200}
        />
        {page && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {page.total} dispute{page.total === 1 ? '' : 's'}
          </Text>
        )}
      </Group>
      {error && !loading && (
        <Alert color="red" role="alert">
          {error}
          <Button ml="md" size="compact-sm" variant="light" onClick={load}>
            Retry
          </Button>
        </Alert>
      )}
      {loading && items.length === 0 ? (
        <Stack role="status" aria-label="Loading disputes">
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : items.length === 0 && !error ? (
        <Text>{empty}</Text>
      ) : (
        <DisputeList disputes={items} linkTo={linkTo} label={label} />
      )}
      {items.length > 0 && (
        <LoadMore
          count={items.length}
          hasMore={paging.hasMore}
          isLoading={paging.loadingMore}
          error={paging.error}
          onLoadMore={() => loadPage(paging.page + 1)}
          endLabel="No more disputes"
        />
      )}
    </Stack>
  );
}
