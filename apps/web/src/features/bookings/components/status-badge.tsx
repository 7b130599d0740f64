import { Badge } from '@mantine/core';
import { statusColor, statusLabel } from '../lib/booking-format';

/** A booking's status as a coloured dot and its word; any screen's booking status reads the same. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusColor(status)} variant="dot" aria-label={`Status: ${statusLabel(status)}`}>
      {statusLabel(status)}
    </Badge>
  );
}
