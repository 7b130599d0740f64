import { Table } from '@mantine/core';
import { formatCents } from '../../../lib/money';
import type { Coupon } from '../coupons-api';
import { EditCell, ListTable, StatusCell } from '../../../components/ui/list-table';

const discount = (c: Coupon) =>
  c.kind === 'percent' ? `${c.value}% off` : `${formatCents(c.value)} off`;
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** Why a coupon cannot be used today, if it cannot. */
function statusOf(c: Coupon, now = Date.now()): { label: string; color: string } {
  if (!c.active) return { label: 'Inactive', color: 'gray' };
  if (c.validTo && Date.parse(c.validTo) <= now) return { label: 'Expired', color: 'red' };
  if (c.validFrom && Date.parse(c.validFrom) > now) return { label: 'Scheduled', color: 'blue' };
  if (c.maxRedemptions !== null && c.redemptions >= c.maxRedemptions)
    return { label: 'Used up', color: 'orange' };
  return { label: 'Active', color: 'green' };
}

export function CouponsTable({
  coupons,
  onEdit,
}: {
  coupons: Coupon[];
  onEdit: (c: Coupon) => void;
}) {
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
            <Table.Td>
              {c.redemptions}
              {c.maxRedemptions !== null ? ` / ${c.maxRedemptions}` : ''}
            </Table.Td>
            <StatusCell color={status.color} label={status.label} />
            <EditCell label={`Edit coupon ${c.code}`} onEdit={() => onEdit(c)} />
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
