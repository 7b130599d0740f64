import { Alert, Anchor, List, Text } from '@mantine/core';
import { serviceLabel } from '@pawsy/contract';
import { Link } from 'react-router';
import { paths, toPath } from '../../../config/paths';
import type { BlockingBooking } from '../availability-api';
import { formatTimeRange } from '../../../lib/dates';

const when = (b: BlockingBooking) => formatTimeRange(b.startAt, b.endAt);

/** A 409 over accepted bookings: the server's message and a link to each booking to settle. */
export function BookingsToSettle(props: { message: string; bookings: BlockingBooking[] }) {
  return (
    <Alert color="orange" role="alert" title="Settle these bookings first">
      <Text size="sm" mb="xs">
        {props.message}
      </Text>
      <List size="sm" aria-label="Bookings to settle">
        {props.bookings.map((b) => (
          <List.Item key={b.id}>
            <Anchor component={Link} to={toPath(paths.bookingDetails, { id: b.id })}>
              {serviceLabel(b.service)}, {when(b)}
            </Anchor>{' '}
            ({b.status})
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
