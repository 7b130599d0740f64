import { Badge } from '@mantine/core';
import type { BookingStatus } from '../bookings-api';
import { statusColor, statusLabel } from '../lib/booking-format';

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge
      color={statusColor(status)}
      variant="dot"
      // Never squeezed to "AC…" beside a long title on a phone.
      style={{ flexShrink: 0 }}
      aria-label={`Status: ${statusLabel(status)}`}
    >
      {statusLabel(status)}
    </Badge>
  );
}
