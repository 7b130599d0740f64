import { Badge } from '@mantine/core';
import type { KycStatus } from '../kyc-api';

const LOOK: Record<KycStatus | 'NONE', { color: string; label: string }> = {
  PENDING: { color: 'yellow', label: 'Pending review' },
  Verified: { color: 'green', label: 'Verified' },
  Rejected: { color: 'red', label: 'Rejected' },
  NONE: { color: 'gray', label: 'Not submitted' },
};

/** The record's status in words and colour; the text alone carries the meaning. */
export function KycStatusBadge({ status }: { status: KycStatus | null }) {
  const look = LOOK[status ?? 'NONE'];
  return (
    <Badge color={look.color} variant="light" size="lg" data-testid="kyc-status">
      {look.label}
    </Badge>
  );
}
