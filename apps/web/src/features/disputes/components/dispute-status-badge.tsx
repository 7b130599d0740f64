import { Badge } from '@mantine/core';
import type { Dispute } from '../disputes-api';
import { STATUS_COLOR, statusLabel } from '../lib/dispute-format';

export function DisputeStatusBadge({ dispute }: { dispute: Pick<Dispute, 'status' | 'reopened'> }) {
  return (
    <Badge color={STATUS_COLOR[dispute.status]} variant="dot">
      {statusLabel(dispute)}
    </Badge>
  );
}
