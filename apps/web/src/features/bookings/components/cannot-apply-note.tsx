import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { Booking } from '../bookings-api';

/** Where a sitter changes what stands in the way: their calendar, or the pets they take. */
const FIX_AT = {
  calendar: { to: `${paths.profile}#profile-calendar`, label: 'Your calendar' },
  pets: { to: paths.profile, label: 'Your profile' },
} as const;

/**
 * Why the sitter cannot apply to an open booking, or accept an invitation (the 409 the API would
 * give), said instead of the button.
 */
export function CannotApplyNote({
  reason,
  to = 'apply',
}: {
  reason: NonNullable<Booking['cannotApply']>;
  to?: 'apply' | 'accept it';
}) {
  const fix = FIX_AT[reason.reason];
  return (
    <Text size="sm" mt="sm" c="dark.4">
      {reason.reason === 'calendar' ? `${reason.message}, so you cannot ${to}.` : reason.message}{' '}
      <Anchor component={Link} to={fix.to} size="sm">
        {fix.label}
      </Anchor>
    </Text>
  );
}
