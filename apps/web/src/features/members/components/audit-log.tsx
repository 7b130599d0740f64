import { Pagination, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditEntry, AuditListResponse } from '../members-api';
import { ListTable } from '../../../components/ui/list-table';

const ACTION_LABELS: Record<string, string> = {
  'user.flags': 'Flags changed',
  'credits.grant': 'Credits granted',
  'kyc.decision': 'KYC decision',
  'dispute.status': 'Dispute status changed',
};

const FIELD_LABELS: Record<string, string> = {
  is_verified: 'Verified',
  KYC_verified: 'KYC verified',
  is_paid: 'Paid',
  balance: 'Balance (cents)',
  amount: 'Amount (cents)',
  winnerId: 'Winner',
  rejectionReason: 'Reason',
};

/** `{ is_paid: false }` → "Paid: no"; other values as they are. */
export function describeValues(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  const parts = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(
      ([k, v]) => `${FIELD_LABELS[k] ?? k}: ${v === true ? 'yes' : v === false ? 'no' : String(v)}`,
    );
  return parts.join(', ') || '—';
}

const actionLabel = (e: AuditEntry) => ACTION_LABELS[e.action] ?? e.action;

/** The member's audit log: every admin action concerning them, newest first. */
export function AuditLog({
  audit,
  page,
  onPage,
}: {
  audit: AuditListResponse;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="audit-title">
      <Title id="audit-title" order={2} size="h4">
        Audit log
      </Title>
      {audit.data.length === 0 ? (
        <Text>No admin actions yet.</Text>
      ) : (
        <ListTable
          caption="Admin actions concerning this member, newest first"
          columns={['When', 'Who', 'What', 'Before', 'After']}
        >
          {audit.data.map((e) => (
            <Table.Tr key={e._id}>
              <Table.Td>
                <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString()}</time>
              </Table.Td>
              <Table.Td>{e.actorName ?? 'Former admin'}</Table.Td>
              <Table.Td>{actionLabel(e)}</Table.Td>
              <Table.Td>{describeValues(e.before)}</Table.Td>
              <Table.Td>{describeValues(e.after)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {audit.meta.totalPages > 1 && (
        <Pagination
          total={audit.meta.totalPages}
          value={page}
          onChange={onPage}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'Previous audit page' : 'Next audit page',
          })}
          getItemProps={(n) => ({ 'aria-label': `Audit page ${n}` })}
        />
      )}
    </Stack>
  );
}
