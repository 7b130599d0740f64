import { Badge, Button, em, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDate } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import type { Coupon } from '../coupons-api';
import { EditCell, ListTable, StatusCell } from '../../../components/ui/list-table';

const discount = (c: Coupon) =>
  c.kind === 'percent' ? `${c.value}% off` : `${formatCents(c.value)} off`;
// A coupon's days as the house writes dates ("5 Jan 2027"), the calendar day as stored.
const day = (iso: string | null) => (iso ? formatDate(iso.slice(0, 10)) : '—');

/** Why a coupon cannot be used today, if it cannot. */
function statusOf(c: Coupon, now = Date.now()): { label: string; color: string } {
  if (!c.active) return { label: 'Inactive', color: 'gray' };
  if (c.validTo && Date.parse(c.validTo) <= now) return { label: 'Expired', color: 'red' };
  if (c.validFrom && Date.parse(c.validFrom) > now) return { label: 'Scheduled', color: 'blue' };
  if (c.maxRedemptions !== null && c.redemptions >= c.maxRedemptions)
    return { label: 'Used up', color: 'orange' };
  return { label: 'Active', color: 'green' };
}

/** A card's validity line: open ends said in words, never "Valid — to —". */
export function validityText(c: Pick<Coupon, 'validFrom' | 'validTo'>): string {
  if (c.validFrom && c.validTo) return `Valid ${day(c.validFrom)} to ${day(c.validTo)}`;
  if (c.validFrom) return `Valid from ${day(c.validFrom)}, no end date`;
  if (c.validTo) return `Valid until ${day(c.validTo)}`;
  return 'Always valid';
}

const redemptions = (c: Coupon) =>
  `${c.redemptions}${c.maxRedemptions !== null ? ` / ${c.maxRedemptions}` : ''}`;

type CouponsProps = { coupons: Coupon[]; onEdit: (c: Coupon) => void };

/** On a phone: one card per coupon, its Edit button in view (a 7-column table would scroll). */
function CouponCards({ coupons, onEdit }: CouponsProps) {
  return (
    <Stack gap="sm" component="ul" aria-label="Coupons, newest first" m={0} p={0}>
      {coupons.map((c) => {
        const status = statusOf(c);
        return (
          <Paper
            key={c._id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            style={{ listStyle: 'none' }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
                {c.code}
              </Title>
              <Button
                size="xs"
                variant="light"
                onClick={() => onEdit(c)}
                aria-label={`Edit coupon ${c.code}`}
              >
                Edit
              </Button>
            </Group>
            <Text size="sm">{discount(c)}</Text>
            <Text size="sm">
              {validityText(c)} · Redemptions {redemptions(c)}
            </Text>
            <Badge color={status.color} variant="dot" mt={4}>
              {status.label}
            </Badge>
          </Paper>
        );
      })}
    </Stack>
  );
}

export function CouponsTable({ coupons, onEdit }: CouponsProps) {
  const isPhone = useMediaQuery(`(max-width: ${em(575)})`);
  if (isPhone) return <CouponCards coupons={coupons} onEdit={onEdit} />;
  return (
    <ListTable
      caption="Coupons, newest first"
      highlightOnHover
      minWidth={720}
      columns={[
        'Code',
        'Discount',
        'Valid from',
        'Valid until',
        'Redemptions',
        'Status',
        { hidden: 'Actions' },
      ]}
    >
      {coupons.map((c) => {
        const status = statusOf(c);
        return (
          <Table.Tr key={c._id}>
            <Table.Th scope="row" fw={600}>
              {c.code}
            </Table.Th>
            <Table.Td>{discount(c)}</Table.Td>
            <Table.Td>{day(c.validFrom)}</Table.Td>
            <Table.Td>{day(c.validTo)}</Table.Td>
            <Table.Td>{redemptions(c)}</Table.Td>
            <StatusCell color={status.color} label={status.label} />
            <EditCell label={`Edit coupon ${c.code}`} onEdit={() => onEdit(c)} />
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
