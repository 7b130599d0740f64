import {
  Alert,
  Anchor,
  Container,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { statusLabel } from '../../bookings';
import { GrantCreditsForm } from '../../credits';
import { serviceLabel } from '../../../config/service-labels';
import { KycStatusBadge } from '../../kyc';
import { AuditLog } from '../components/audit-log';
import { MemberFlags } from '../components/member-flags';
import { MEMBER_MESSAGES, membersApi, type AuditPage, type MemberDetail } from '../members-api';
import { ListTable } from '../../../components/ui/list-table';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { roleLabel } from '../../../lib/roles';

/** /dashboard/member/{memberId} (admins): profile, flags, KYC, credits, bookings, audit log. */
export default function MemberScreen() {
  const { memberId = '' } = useParams();
  const [detail, setDetail] = useState<MemberDetail | null>(null);
  const [audit, setAudit] = useState<AuditPage | null>(null);
  const [auditPage, setAuditPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const name = detail ? `${detail.member.firstName} ${detail.member.lastName}`.trim() : '';
  usePageTitle(name ? `Member: ${name}` : 'Member');

  const show = useCallback((d: MemberDetail) => {
    setDetail(d);
    setAudit(d.audit);
    setAuditPage(1);
    setError(null);
  }, []);
  const fail = useCallback(
    (e: unknown) => setError(getErrorMessage(e, MEMBER_MESSAGES.detailFailed)),
    [],
  );
  const load = useCallback(() => membersApi.get(memberId).then(show, fail), [memberId, show, fail]);

  useEffect(() => {
    void membersApi.get(memberId).then(show, fail);
  }, [memberId, show, fail]);

  async function showAuditPage(page: number) {
    setAuditPage(page);
    try {
      setAudit(await membersApi.audit(memberId, page));
    } catch (e) {
      setError(getErrorMessage(e, MEMBER_MESSAGES.detailFailed));
    }
  }

  if (error && !detail)
    return (
      <Container size="lg" py="xl">
        <Title order={1}>Member</Title>
        <Alert color="red" role="alert" mt="md">
          {error}
        </Alert>
      </Container>
    );
  if (!detail)
    return (
      <Container size="lg" py="xl">
        <Text aria-live="polite">Loading member…</Text>
      </Container>
    );

  const { member, kyc, credits, bookings } = detail;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{name || member.email}</Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder p="md" component="section" aria-labelledby="profile-title">
            <Title id="profile-title" order={2} size="h4">
              Profile
            </Title>
            <Text>Email: {member.email}</Text>
            <Text>Phone: {member.phone}</Text>
            <Text>Role: {roleLabel(member.userType)}</Text>
            <Text>City: {[member.city, member.country].filter(Boolean).join(', ') || '—'}</Text>
            <Text>
              Joined: <time dateTime={member.createdAt}>{formatDate(member.createdAt)}</time>
            </Text>
          </Paper>
          <Paper withBorder p="md">
            <MemberFlags member={member} onChanged={() => void load()} />
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="kyc-title">
            <Title id="kyc-title" order={2} size="h4">
              Identity (KYC)
            </Title>
            <KycStatusBadge
              status={kyc.status === 'NOT_VERIFIED' ? null : kyc.status}
              kycVerified={member.KYC_verified}
            />
            {/* Nothing submitted: the review page would only say "No KYC records found". */}
            {kyc.status === 'NOT_VERIFIED' ? (
              <Text size="sm" c="dimmed" mt="xs">
                No documents submitted yet.
              </Text>
            ) : (
              <Anchor component={Link} to={paths.kycUser.replace(':userId', member._id)} ml="sm">
                Review KYC documents
              </Anchor>
            )}
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="member-credits-title">
            <Title id="member-credits-title" order={2} size="h4">
              Credits
            </Title>
            <Text fw={700} data-testid="member-credits-balance">
              {formatCents(credits.balance, credits.currency)}
            </Text>
            {member.userType === 'user' ? (
              <GrantCreditsForm userId={member._id} onGranted={() => void load()} />
            ) : (
              <Text size="sm" c="dark.6" mt="xs" data-testid="credits-owners-only">
                Credits pay for bookings, which only pet owners make: none can be granted to{' '}
                {member.userType === 'admin' ? 'an admin' : 'a sitter'}.
              </Text>
            )}
          </Paper>
        </SimpleGrid>
        <Stack gap="xs" component="section" aria-labelledby="bookings-title">
          <Title id="bookings-title" order={2} size="h4">
            Bookings
          </Title>
          {bookings.length === 0 ? (
            <Text>No bookings.</Text>
          ) : (
            <ListTable
              caption="Latest bookings as owner or sitter"
              columns={['Service', 'As', 'Status', 'Starts', 'Price']}
            >
              {bookings.map((b) => (
                <Table.Tr key={b._id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.bookingDetails.replace(':id', b._id)}>
                      {serviceLabel(b.service)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{b.role === 'owner' ? 'Owner' : 'Sitter'}</Table.Td>
                  <Table.Td>{statusLabel(b.status)}</Table.Td>
                  <Table.Td>
                    <time dateTime={b.startAt}>{formatDateTime(b.startAt)}</time>
                  </Table.Td>
                  <Table.Td>{b.priceCents === null ? '—' : formatCents(b.priceCents)}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </Stack>
        {audit && (
          <AuditLog
            memberId={memberId}
            audit={audit}
            page={auditPage}
            onPage={(p) => void showAuditPage(p)}
          />
        )}
      </Stack>
    </Container>
  );
}
