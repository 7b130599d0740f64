import { Badge } from '@mantine/core';
import type { KycStatus } from '../kyc-api';

const LOOK: Record<KycStatus | 'NONE' | 'WITHDRAWN', { color: string; label: string }> = {
  PENDING: { color: 'yellow', label: 'Pending review' },
  Verified: { color: 'green', label: 'Verified' },
  Rejected: { color: 'red', label: 'Rejected' },
  NONE: { color: 'gray', label: 'Not submitted' },
  WITHDRAWN: { color: 'orange', label: 'Verification withdrawn' },
};

/**
 * An admin switched `KYC_verified` off after a passed review (SPEC §6): the record still reads
 * Verified, the member is not. Every screen that shows the record's status says so the same way.
 */
export const isKycWithdrawn = (status: string | null, kycVerified: boolean) =>
  status === 'Verified' && !kycVerified;

/**
 * The record's status in words and colour; the text alone carries the meaning. `kycVerified`:
 * the member's flag, when known, so that a withdrawn verification does not read "Verified".
 */
export function KycStatusBadge({
  status,
  kycVerified,
}: {
  status: KycStatus | null;
  kycVerified?: boolean;
}) {
  const withdrawn = kycVerified !== undefined && isKycWithdrawn(status, kycVerified);
  const look = LOOK[withdrawn ? 'WITHDRAWN' : (status ?? 'NONE')];
  return (
    <Badge
      color={look.color}
      variant="light"
      size="lg"
      data-testid="kyc-status"
      // The tinted label colours are too faint on their tint (WCAG contrast): text stays dark,
      // the tint and the dot carry the colour.
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
      leftSection={
        <span
          aria-hidden="true"
          style={{
            display: 'inline-block',
            width: 8,
            height: 8,
            borderRadius: '50%',
            background: `var(--mantine-color-${look.color}-filled)`,
          }}
        />
      }
    >
      {look.label}
    </Badge>
  );
}
