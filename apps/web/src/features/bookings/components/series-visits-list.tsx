import { Anchor, Badge, Group, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths, toPath } from '../../../config/paths';
import type { SeriesOccurrence } from '../bookings-api';
import { statusColor, statusLabel } from '../lib/booking-format';
import { formatVisit, isOtherZone } from '../lib/series-form-model';

type SeriesVisitsListProps = {
  occurrences: SeriesOccurrence[];
  /** The booking being viewed, marked "this visit" and not linked. */
  currentBookingId?: string;
  label: string;
  /** The series' time zone: visits are shown in the sitter's local time. */
  timeZone: string;
};

/** Said once near a list of visits when the viewer is elsewhere. */
export function ZoneNote({ timeZone }: { timeZone: string }) {
  if (!isOtherZone(timeZone)) return null;
  return (
    <Text size="xs" c="dimmed">
      Times are the sitter&apos;s local time ({timeZone}).
    </Text>
  );
}

/** The visits of a series: when, and what became of each (its booking, a conflict, skipped). */
export function SeriesVisitsList(props: SeriesVisitsListProps) {
  const { occurrences, currentBookingId, label, timeZone } = props;
  return (
    <>
      <ZoneNote timeZone={timeZone} />
      <List listStyleType="none" spacing={6} aria-label={label}>
        {occurrences.map((o) => {
          const when = formatVisit(o, timeZone);
          const isCurrent = o.bookingId !== null && o.bookingId === currentBookingId;
          return (
            <List.Item key={o.startAt}>
              <Group gap="xs" wrap="wrap">
                {o.bookingId && !isCurrent ? (
                  <Anchor component={Link} to={toPath(paths.bookingDetails, { id: o.bookingId })}>
                    {when}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={isCurrent ? 700 : undefined}>
                    {when}
                    {isCurrent ? ' (this visit)' : ''}
                  </Text>
                )}
                {o.skipped ? (
                  <Badge color="gray.7" variant="dot">
                    Skipped
                  </Badge>
                ) : o.status ? (
                  <Badge color={statusColor(o.status)} variant="dot">
                    {statusLabel(o.status)}
                  </Badge>
                ) : null}
                {o.conflict && (
                  <Text size="xs" c="red.8">
                    {o.conflict}
                  </Text>
                )}
              </Group>
            </List.Item>
          );
        })}
      </List>
    </>
  );
}
