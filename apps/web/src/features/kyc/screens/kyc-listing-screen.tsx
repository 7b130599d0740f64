import {
  Alert,
  Anchor,
  Container,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { KycStatusBadge } from '../components/kyc-status-badge';
import type { KycStatus } from '../kyc-api';
import { fetchKycList, selectKyc } from '../kyc-slice';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'PENDING', label: 'Pending review' },
  { value: 'Verified', label: 'Verified' },
  { value: 'Rejected', label: 'Rejected' },
];
const PAGE_SIZE = 20;

export const reviewPath = (userId: string) => paths.kycUser.replace(':userId', userId);

/** /kyclisting (admins): KYC records by status and search, page by page. */
export default function KycListingScreen() {
  usePageTitle('KYC submissions');
  const dispatch = useAppDispatch();
  const { records, page: meta, loading, error } = useAppSelector(selectKyc);
  const [status, setStatus] = useState<KycStatus | ''>('PENDING');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);

  useEffect(() => {
    void fetchKycList(dispatch, { status, search: debounced, page, limit: PAGE_SIZE });
  }, [dispatch, status, debounced, page]);

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
              setPage(1);
            }}
          />
          <TextInput
            label="Search by name or email"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm" aria-live="polite">
          {loading ? 'Loading…' : `${meta?.total ?? records.length} record(s)`}
        </Text>
        <Table striped highlightOnHover>
          <Table.Caption>KYC records, most recently changed first</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Member</Table.Th>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Documents</Table.Th>
              <Table.Th scope="col">Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td>
                  <Anchor component={Link} to={reviewPath(r.userId._id)}>
                    {`${r.userId.firstName} ${r.userId.lastName}`.trim() || r.userId.email}
                  </Anchor>
                </Table.Td>
                <Table.Td>{r.userId.email}</Table.Td>
                <Table.Td>
                  <KycStatusBadge status={r.status} />
                </Table.Td>
                <Table.Td>{r.documents.length}</Table.Td>
                <Table.Td>
                  <time dateTime={r.updatedAt}>{new Date(r.updatedAt).toLocaleDateString()}</time>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {!loading && records.length === 0 && <Text>No KYC records match.</Text>}
        {meta && meta.totalPages > 1 && (
          <Pagination
            total={meta.totalPages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          />
        )}
      </Stack>
    </Container>
  );
}
