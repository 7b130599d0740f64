import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { paths } from '../../../config/paths';
import { serviceWord } from '../../../config/service-labels';
import { formatDateRange, fullName } from '../lib/booking-format';
import type { Decision } from '../bookings-api';
import type { CardBooking } from './booking-card';

/**
 * Says what answering an invitation did, since its card leaves the board. The toasts live outside
 * the router, so the link navigates through `navigate` rather than a router <Link>.
 */
export function announceDecision(
  booking: CardBooking,
  decision: Decision,
  navigate: (to: string) => void,
) {
  const id = `invitation-${booking._id}`;
  if (decision !== 'accepted') {
    notifications.show({
      id,
      color: 'gray',
      title: 'Invitation declined',
      message: `You declined ${fullName(booking.owner)}'s ${serviceWord(booking.service)} booking, ${formatDateRange(booking.startDate, booking.endDate)}. The owner is told.`,
    });
    return;
  }
  const to = paths.bookingDetails.replace(':id', booking._id);
  notifications.show({
    id,
    color: 'green',
    title: 'Invitation accepted',
    message: (
      <Stack gap={4}>
        <Text size="sm">
          You are booked for {serviceWord(booking.service)} with {fullName(booking.owner)},{' '}
          {formatDateRange(booking.startDate, booking.endDate)}.
        </Text>
        <Anchor
          href={to}
          size="sm"
          onClick={(event) => {
            event.preventDefault();
            notifications.hide(id);
            navigate(to);
          }}
        >
          View the booking
        </Anchor>
      </Stack>
    ),
  });
}
