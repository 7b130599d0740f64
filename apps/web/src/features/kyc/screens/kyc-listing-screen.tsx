import { Anchor, Container, Group, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { KYC_SEARCH_MAX } from '@pawsy/contract';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { PagedListTable } from '../../../components/ui/paged-list-table';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { usePagedList } from '../../../lib/use-paged-list';
import { useUrlParam } from '../../../lib/use-url-param';
import { KycStatusBadge } from '../components/kyc-status-badge';
import { KYC_MESSAGES, type KycStatus } from '../kyc-api';
import { fetchKycPage } from '../kyc-slice';
import { formatDate } from '../../../lib/dates';
import { countOf } from '../../../lib/plural';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'PENDING', label: 'Pending review' },
  { value: 'Verified', label: 'Verified' },
  { value: 'Rejected', label: 'Rejected' },
];
const PAGE_SIZE = 20;

export const reviewPath = (userId: string) => paths.kycUser.replace(':userId', userId);

/** /kyclisting (admins): KYC records by status and search; the list grows as the admin scrolls. */
export default function KycListingScreen() {
  usePageTitle('KYC submissions');
  // The filters live in the address: Back from a review returns to the list as it was.
  const [status, setStatus] = useUrlParam<KycStatus | ''>(
    'status',
    'PENDING',
    STATUS_OPTIONS.map((o) => o.value as KycStatus | ''),
  );
  const [search, setSearch] = useUrlParam<string>('search', '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Filters make the key; LoadMore asks for the next page.
  const key = JSON.stringify({ status, search: debounced });
  const fetchPage = useCallback(
    (page: number) => fetchKycPage({ status, search: debounced, page, limit: PAGE_SIZE }),
    [status, debounced],
  );
  const list = usePagedList(key, fetchPage, KYC_MESSAGES.fetchFailed);

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>KYC submissions</Title>
        <Group align="flex-end">
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status}
            allowDeselect={false}
            onChange={(v) => {
              setStatus((v ?? '') as KycStatus | '');
            }}
          />
          <TextInput
            label="Search by name or email"
            type="search"
            maxLength={KYC_SEARCH_MAX}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
            }}
          />
        </Group>
        <PagedListTable
          list={list}
          caption="KYC records, most recently changed first"
          columns={['Member', 'Email', 'Status', 'Documents', 'Updated']}
          countLabel={(n) => countOf(n, 'record')}
          emptyText="No KYC records match."
          endLabel="No more KYC records"
          renderRow={(r) => (
            <Table.Tr key={r._id}>
              <Table.Td>
                <Anchor component={Link} to={reviewPath(r.userId._id)}>
                  {`${r.userId.firstName} ${r.userId.lastName}`.trim() || r.userId.email}
                </Anchor>
              </Table.Td>
              <Table.Td>{r.userId.email}</Table.Td>
              <Table.Td>
                <KycStatusBadge status={r.status} kycVerified={r.userId.KYC_verified} />
              </Table.Td>
              <Table.Td>{r.documents.length}</Table.Td>
              <Table.Td>
                <time dateTime={r.updatedAt}>{formatDate(r.updatedAt)}</time>
              </Table.Td>
            </Table.Tr>
          )}
        />
      </Stack>
    </Container>
  );
}
