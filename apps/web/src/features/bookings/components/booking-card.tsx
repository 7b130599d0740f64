import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ApiAvatar } from '../../../components/ui/api-avatar';
import { paths, toPath } from '../../../config/paths';
import { formatCents } from '../../../lib/money';
import type { Booking } from '../bookings-api';
import { formatDateRange, fullName, isFinalStatus } from '../lib/booking-format';
import { StatusBadge } from './status-badge';
import { serviceLabel } from '@pawsy/contract';

/**
 * What a card shows: a full booking, or the summary a sitter's request carries (without a status
 * once the request was withdrawn, rejected or closed: the sitter no longer follows that booking).
 */
export type CardBooking = Pick<
  Booking,
  '_id' | 'service' | 'startDate' | 'endDate' | 'owner' | 'price'
> &
  Partial<
    Pick<
      Booking,
      'status' | 'provider' | 'distanceKm' | 'seriesId' | 'pets' | 'petKinds' | 'notes' | 'payment'
    >
  >;

type BookingCardProps = {
  booking: CardBooking;
  /** Whose side the viewer is on: the card names the other party. */
  viewAs: 'owner' | 'provider';
  children?: React.ReactNode;
};

/**
 * A booking in a list: service, dates, the other party, price and status, with a details link
 * (none on a booking the sitter lost);
 * how many pets (and their kinds) and the owner's notes where the list carries them (what a sitter
 * decides on).
 */
export function BookingCard({ booking, viewAs, children }: BookingCardProps) {
  const other = viewAs === 'owner' ? (booking.provider ?? null) : booking.owner;
  const otherName = fullName(other);
  const detailsPath = toPath(paths.bookingDetails, { id: booking._id });
  const dates = formatDateRange(booking.startDate, booking.endDate);
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="article"
      aria-label={`${serviceLabel(booking.service)} booking`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          {/* No status: the sitter lost this booking, and its page is closed to them. */}
          {booking.status ? (
            // Named with its dates too: a list of cards is not a list of links all named "Dog
            // walking" (the visible name comes first, as spoken-command users say it).
            <Anchor
              component={Link}
              to={detailsPath}
              fw={700}
              size="lg"
              aria-label={`${serviceLabel(booking.service)}, ${dates}`}
            >
              {serviceLabel(booking.service)}
            </Anchor>
          ) : (
            <Text fw={700} size="lg">
              {serviceLabel(booking.service)}
            </Text>
          )}
          <Text size="sm">{dates}</Text>
          {booking.pets && (
            <Text size="sm" c="dimmed">
              {booking.pets.length} pet{booking.pets.length === 1 ? '' : 's'}
              {booking.petKinds?.length ? ` (${booking.petKinds.join(', ')})` : ''}
            </Text>
          )}
        </Stack>
        <Group gap="xs" justify="flex-end">
          {booking.seriesId && (
            <Badge variant="outline" color="grape.8">
              Weekly series
            </Badge>
          )}
          {/* Not paid yet: no sitter sees it until it is (the booking page says how to pay). */}
          {booking.payment?.status === 'awaiting' && booking.status === 'pending' && (
            <Badge variant="outline" color="orange.9">
              Awaiting payment
            </Badge>
          )}
          {booking.status && <StatusBadge status={booking.status} />}
        </Group>
      </Group>
      <Group mt="sm" justify="space-between">
        <Group gap="xs">
          {other && <ApiAvatar path={other.image} name={otherName} size="sm" radius="xl" />}
          {/* One line of text, so a wrapped card never starts a line with the separator. */}
          <Text size="sm" c={other ? undefined : 'dimmed'}>
            {[
              other
                ? `${viewAs === 'owner' ? 'Sitter' : 'Owner'}: ${otherName}`
                : isFinalStatus(booking.status)
                  ? 'No sitter'
                  : 'No sitter yet',
              booking.distanceKm !== undefined ? `${booking.distanceKm} km away` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Group>
        <Text size="sm" fw={600}>
          {booking.price
            ? formatCents(booking.price.amountCents, booking.price.currency)
            : 'Price on acceptance'}
        </Text>
      </Group>
      {booking.notes && (
        <Text size="sm" mt="xs" lineClamp={3} data-testid="booking-notes">
          {booking.notes}
        </Text>
      )}
      {children}
    </Card>
  );
}
