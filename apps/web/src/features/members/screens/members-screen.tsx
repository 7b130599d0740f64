import { Anchor, Container, Group, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MEMBER_SEARCH_MAX } from '@pawsy/contract';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { PagedListTable } from '../../../components/ui/paged-list-table';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { usePagedList } from '../../../lib/use-paged-list';
import { useUrlParam } from '../../../lib/use-url-param';
import { MEMBER_MESSAGES, membersApi, type MemberListParams } from '../members-api';
import { formatDate } from '../../../lib/dates';
import { countOf } from '../../../lib/plural';
import { roleLabel } from '../../../lib/roles';

const PAGE_SIZE = 20;
const ROLE_OPTIONS = [
  { value: '', label: 'All roles' },
  { value: 'user', label: 'Owners' },
  { value: 'provider', label: 'Sitters' },
  { value: 'admin', label: 'Admins' },
];
const flagOptions = (yes: string, no: string) => [
  { value: '', label: 'Any' },
  { value: 'true', label: yes },
  { value: 'false', label: no },
];
const FLAG_FILTERS = [
  { key: 'is_verified', label: 'Verified', options: flagOptions('Verified', 'Not verified') },
  { key: 'KYC_verified', label: 'KYC', options: flagOptions('KYC verified', 'KYC not verified') },
  { key: 'is_paid', label: 'Subscription', options: flagOptions('Paid', 'Not paid') },
] as const;
type FlagKey = (typeof FLAG_FILTERS)[number]['key'];
const FLAG_VALUES = ['', 'true', 'false'] as const;
type FlagValue = (typeof FLAG_VALUES)[number];

export const memberPath = (memberId: string) => paths.member.replace(':memberId', memberId);

/** /admin: every member, searched by name or email and filtered by role and flags. */
export default function MembersScreen() {
  usePageTitle('Members');
  // Every filter lives in the address: Back from a member returns to the list as it was.
  const [search, setSearch] = useUrlParam<string>('search', '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [role, setRole] = useUrlParam<NonNullable<MemberListParams['role']>>(
    'role',
    '',
    ROLE_OPTIONS.map((o) => o.value as NonNullable<MemberListParams['role']>),
  );
  const flagParams: Record<FlagKey, [FlagValue, (next: FlagValue) => void]> = {
    is_verified: useUrlParam('is_verified', '', FLAG_VALUES),
    KYC_verified: useUrlParam('KYC_verified', '', FLAG_VALUES),
    is_paid: useUrlParam('is_paid', '', FLAG_VALUES),
  };
  const flags = {
    is_verified: flagParams.is_verified[0],
    KYC_verified: flagParams.KYC_verified[0],
    is_paid: flagParams.is_paid[0],
  };
  // Filters make the key; the list grows page by page as the admin scrolls (LoadMore).
  const key = JSON.stringify({ search: debounced, role, ...flags });
  const fetchPage = useCallback(
    async (page: number) => {
      try {
        const r = await membersApi.list({
          ...(JSON.parse(key) as MemberListParams),
          page,
          limit: PAGE_SIZE,
        });
        return { items: r.data, hasMore: r.meta.hasMore, total: r.meta.total };
      } catch (e) {
        throw new Error(getErrorMessage(e, MEMBER_MESSAGES.fetchFailed), { cause: e });
      }
    },
    [key],
  );
  const list = usePagedList(key, fetchPage, MEMBER_MESSAGES.fetchFailed);

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>Members</Title>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Search by name or email"
            type="search"
            maxLength={MEMBER_SEARCH_MAX}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
            }}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            allowDeselect={false}
            onChange={(v) => {
              setRole((v ?? '') as NonNullable<MemberListParams['role']>);
            }}
          />
          {FLAG_FILTERS.map((f) => (
            <Select
              key={f.key}
              label={f.label}
              data={[...f.options]}
              value={flags[f.key]}
              allowDeselect={false}
              onChange={(v) => {
                flagParams[f.key][1]((v ?? '') as FlagValue);
              }}
            />
          ))}
        </Group>
        <PagedListTable
          list={list}
          caption="Members, newest first"
          columns={['Name', 'Email', 'Role', 'Flags', 'Joined']}
          countLabel={(n) => countOf(n, 'member')}
          emptyText="No members match."
          endLabel="No more members"
          renderRow={(m) => (
            <Table.Tr key={m._id}>
              <Table.Td>
                <Anchor component={Link} to={memberPath(m._id)}>
                  {`${m.firstName} ${m.lastName}`.trim() || m.email}
                </Anchor>
              </Table.Td>
              <Table.Td>{m.email}</Table.Td>
              {/* One word each: never broken mid-word when a phone squeezes the table. */}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{roleLabel(m.userType)}</Table.Td>
              <Table.Td>
                {[
                  m.is_verified && 'Verified',
                  m.KYC_verified && 'KYC verified',
                  m.is_paid && 'Paid',
                ]
                  .filter(Boolean)
                  .join(', ') || '—'}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={m.createdAt}>{formatDate(m.createdAt)}</time>
              </Table.Td>
            </Table.Tr>
          )}
        />
      </Stack>
    </Container>
  );
}
