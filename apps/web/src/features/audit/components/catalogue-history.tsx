import { Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { ListTable } from '../../../components/ui/list-table';
import { getErrorMessage } from '../../../lib/api-error';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import { useLoad } from '../../../lib/use-load';
import { AUDIT_MESSAGES, auditApi, type CatalogueChange, type CatalogueTarget } from '../audit-api';

const NOUN: Record<CatalogueTarget, string> = { coupon: 'Coupon', package: 'Package' };

/** Fields every write touches or that repeat another under a second name: not a change to show. */
const QUIET = new Set([
  '_id',
  'id',
  'createdAt',
  'updatedAt',
  'redemptions',
  'percentOff',
  'amountOff',
]);

const shown = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : value === true
      ? 'yes'
      : value === false
        ? 'no'
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);

/** The fields under the words the coupon and package forms use. */
const LABELS: Record<string, string> = {
  code: 'code',
  kind: 'kind',
  value: 'value',
  validFrom: 'valid from',
  validTo: 'valid until',
  maxRedemptions: 'maximum uses',
  active: 'active',
  name: 'name',
  description: 'description',
  priceCents: 'price',
  currency: 'currency',
  interval: 'billed every',
  creditsIncluded: 'credits',
  stripePriceId: 'Stripe price',
};

const money = (cents: unknown, record: Record<string, unknown>) =>
  typeof cents === 'number'
    ? formatCents(cents, typeof record.currency === 'string' ? record.currency : 'USD')
    : shown(cents);

/**
 * A field's value as the forms show it: money in dollars (a coupon's value by its kind), dates as
 * days, no maximum as "unlimited"; `record` is the version of the coupon or package it belongs to.
 */
function valueOf(key: string, value: unknown, record: Record<string, unknown>): string {
  if (value === null || value === undefined)
    return key === 'maxRedemptions' ? 'unlimited' : shown(value);
  switch (key) {
    case 'value':
      return record.kind === 'percent' ? `${shown(value)}%` : money(value, record);
    case 'priceCents':
    case 'creditsIncluded':
      return money(value, record);
    case 'kind':
      return value === 'percent' ? 'percent off' : value === 'amount' ? 'amount off' : shown(value);
    case 'validFrom':
    case 'validTo':
      // Whole UTC days, as the coupon list shows them (not shifted by the browser's zone).
      return typeof value === 'string' ? formatDate(value.slice(0, 10)) : shown(value);
    default:
      return shown(value);
  }
}

const labelOf = (key: string) => LABELS[key] ?? key;

/** What the row is about: the coupon's code or the package's name, as it was after the change. */
function nameOf(entry: CatalogueChange): string {
  const record = (entry.after ?? entry.before ?? {}) as Record<string, unknown>;
  const name = record.code ?? record.name;
  return typeof name === 'string' ? name : entry.targetId;
}

/** "value: 10% → 25%, active: yes → no"; for a creation, what it was created with. */
export function describeChange(entry: CatalogueChange): string {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = Object.keys(after).filter((k) => !QUIET.has(k));
  if (entry.before === null || entry.before === undefined)
    return keys.map((k) => `${labelOf(k)}: ${valueOf(k, after[k], after)}`).join(', ');
  const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return (
    changed
      .map(
        (k) => `${labelOf(k)}: ${valueOf(k, before[k], before)} → ${valueOf(k, after[k], after)}`,
      )
      .join(', ') || '—'
  );
}

const PAGE_SIZE = 10;

/**
 * Admins: the history of the coupons or the packages (GET /api/admin/audit), newest first, read
 * again whenever `version` changes (the screen counts its saves).
 */
export function CatalogueHistory({
  targetType,
  version,
}: {
  targetType: CatalogueTarget;
  version: number;
}) {
  const [page, setPage] = useState(1);
  const load = useCallback(async () => {
    try {
      const answer = await auditApi.catalogue(targetType, page, PAGE_SIZE);
      // Only rows of the audit's shape (an answer of another shape lists nothing).
      const entries = Array.isArray(answer?.data)
        ? answer.data.filter((e) => typeof e?.action === 'string')
        : [];
      return { entries, pages: answer?.meta?.totalPages ?? 1 };
    } catch (caught) {
      throw new Error(getErrorMessage(caught, AUDIT_MESSAGES.fetchFailed), { cause: caught });
    }
  }, [targetType, page]);
  // A new save (version) or page is a new key: useLoad reads it again.
  const { data, error } = useLoad(
    `${targetType}:${page}:${version}`,
    load,
    AUDIT_MESSAGES.fetchFailed,
  );
  const titleId = `${targetType}-history-title`;

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title id={titleId} order={2} size="h4">
        Change history
      </Title>
      {error && (
        <Text c="red.8" role="alert">
          {error}
        </Text>
      )}
      {data && data.entries.length === 0 && <Text>No changes yet.</Text>}
      {data && data.entries.length > 0 && (
        <ListTable
          caption={`Changes to ${targetType}s, newest first`}
          columns={['When', 'Who', 'What', 'Changes']}
        >
          {data.entries.map((e) => (
            <Table.Tr key={e._id}>
              <Table.Td>
                <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
              </Table.Td>
              <Table.Td>{e.actorName ?? 'Former admin'}</Table.Td>
              <Table.Td>
                {NOUN[targetType]} {e.action.endsWith('.create') ? 'created' : 'changed'}:{' '}
                {nameOf(e)}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{describeChange(e)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {data && data.pages > 1 && (
        <Pagination
          total={data.pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'Previous history page' : 'Next history page',
          })}
          getItemProps={(n) => ({ 'aria-label': `History page ${n}` })}
        />
      )}
    </Stack>
  );
}
