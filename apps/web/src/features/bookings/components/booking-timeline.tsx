import { Image, Paper, Skeleton, Text, Timeline, Title } from '@mantine/core';
import { IconCamera, IconCheck, IconCircleDot, IconX } from '@tabler/icons-react';
import { useApiImage } from '../../../lib/use-api-image';
import type { Booking } from '../bookings-api';
import { eventLabel, formatDateTime } from '../lib/booking-format';

/** A check-in photo: served with the session's headers, so it is fetched and shown as a blob. */
function EventPhoto({ path, label }: { path: string; label: string }) {
  const src = useApiImage(path);
  if (!src) return <Skeleton height={120} width={160} mt="xs" aria-label="Loading photo" />;
  return <Image src={src} alt={label} mt="xs" radius="md" maw={240} mah={240} fit="cover" />;
}

function bulletFor(type: string) {
  if (type === 'cancelled' || type === 'declined') return <IconX size={12} aria-hidden="true" />;
  if (type === 'completed') return <IconCheck size={12} aria-hidden="true" />;
  if (type === 'check-in') return <IconCamera size={12} aria-hidden="true" />;
  return <IconCircleDot size={12} aria-hidden="true" />;
}

/** Events about how the owner paid: the owner's and the admins' to read, not the sitter's. */
const FUNDING_EVENTS = new Set(['paid']);

/** Status history with check-ins (notes and photos), oldest first. */
export function BookingTimeline({
  booking,
  forSitter = false,
}: {
  booking: Booking;
  forSitter?: boolean;
}) {
  const events = forSitter
    ? booking.timeline.filter((e) => !FUNDING_EVENTS.has(e.type))
    : booking.timeline;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="timeline-title">
      <Title id="timeline-title" order={2} size="h4" mb="md">
        Timeline
      </Title>
      <Timeline active={events.length - 1} bulletSize={22} lineWidth={2}>
        {events.map((event) => (
          <Timeline.Item
            key={event._id}
            title={eventLabel(event.type, event.by)}
            bullet={bulletFor(event.type)}
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(event.at)}
            </Text>
            {event.note && <Text size="sm">{event.note}</Text>}
            {event.image && (
              <EventPhoto
                path={event.image}
                label={`Photo: ${eventLabel(event.type, event.by)}, ${formatDateTime(event.at)}`}
              />
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}
