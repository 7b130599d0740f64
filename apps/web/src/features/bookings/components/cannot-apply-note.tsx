import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { Booking } from '../bookings-api';

/** Where a sitter changes what stands in the way: their calendar, or the pets they take. */
const FIX_AT = {
  calendar: { to: `${paths.profile}#profile-calendar`, label: 'Your calendar' },
  pets: { to: paths.profile, label: 'Your profile' },
} as const;

/** Why the sitter cannot apply to an open booking (the 409 applying would give), said instead of Apply. */
export function CannotApplyNote({ reason }: { reason: NonNullable<Booking['cannotApply']> }) {
  const fix = FIX_AT[reason.reason];
  return (
    <Text size="sm" mt="sm" c="dark.4">
      {reason.reason === 'calendar' ? `${reason.message}, so you cannot apply.` : reason.message}{' '}
      <Anchor component={Link} to={fix.to} size="sm">
        {fix.label}
      </Anchor>
    </Text>
  );
}
