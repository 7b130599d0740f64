import { Pagination, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditEntry, AuditPage } from '../members-api';
import { ListTable } from '../../../components/ui/list-table';
import { formatDateTime } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';

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
  balance: 'Balance',
  amount: 'Amount',
  winnerId: 'Winner',
  rejectionReason: 'Reason',
};

/** Fields the API logs in cents (credits), shown as money. */
const MONEY_FIELDS = new Set(['balance', 'amount']);

/**
 * `{ is_paid: false }` → "Paid: no"; a dispute's winner as "this member" or "the other party"
 * (an id means nothing to a reader); credits as money ("Balance: $15.00"); other values as they are.
 */
export function describeValues(value: unknown, memberId?: string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  const shown = (k: string, v: unknown) => {
    if (k === 'winnerId' && typeof v === 'string')
      return v === memberId ? 'this member' : 'the other party';
    if (MONEY_FIELDS.has(k) && typeof v === 'number') return formatCents(v);
    return v === true ? 'yes' : v === false ? 'no' : String(v);
  };
  const parts = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${FIELD_LABELS[k] ?? k}: ${shown(k, v)}`);
  return parts.join(', ') || '—';
}

const actionLabel = (e: AuditEntry) => ACTION_LABELS[e.action] ?? e.action;

/** The member's audit log: every admin action concerning them, newest first. */
export function AuditLog({
  memberId,
  audit,
  page,
  onPage,
}: {
  memberId: string;
  audit: AuditPage;
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
                <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
              </Table.Td>
              <Table.Td>{e.actorName ?? 'Former admin'}</Table.Td>
              <Table.Td>{actionLabel(e)}</Table.Td>
              <Table.Td>{describeValues(e.before, memberId)}</Table.Td>
              <Table.Td>{describeValues(e.after, memberId)}</Table.Td>
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
