import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useLoad } from '../../../lib/use-load';
import { BOOKING_MESSAGES, bookingsApi, type Booking, type BookingContact } from '../bookings-api';

/** The statuses in which the API shares the parties' phone and address. */
export const sharesContact = (status: Booking['status']) =>
  status === 'accepted' || status === 'in-progress';

function addressLines(c: BookingContact): string[] {
  const place = [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [c.address, place, c.country].filter((line): line is string => Boolean(line));
}

function PhoneLine({ label, number }: { label: string; number: string }) {
  return (
    <Text size="sm">
      {label}: <Anchor href={`tel:${number.replace(/[^\d+]/g, '')}`}>{number}</Anchor>
    </Text>
  );
}

function ContactBody({ contact }: { contact: BookingContact }) {
  const lines = addressLines(contact);
  const who = contact.role === 'owner' ? 'The owner' : 'Your sitter';
  return (
    <Stack gap={4} mt="xs">
      <Text size="sm" fw={600}>
        {who}: {contact.firstName} {contact.lastName}
      </Text>
      {contact.phone && <PhoneLine label="Phone" number={contact.phone} />}
      {contact.emergencyPhone && (
        <PhoneLine label="Emergency phone" number={contact.emergencyPhone} />
      )}
      {lines.length > 0 ? (
        <Text size="sm" component="address" style={{ fontStyle: 'normal' }}>
          {lines.map((line) => (
            <span key={line} style={{ display: 'block' }}>
              {line}
            </span>
          ))}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          No address on their profile yet: ask for it in the chat.
        </Text>
      )}
    </Stack>
  );
}

/**
 * The other party's phone and address on a booking's page, for its owner and its sitter while it
 * is accepted or in progress (GET /api/booking/{id}/contact); reloaded when the status moves.
 */
export function BookingContactCard({ booking }: { booking: Booking }) {
  const id = booking._id;
  const load = useCallback(async () => {
    try {
      return (await bookingsApi.contact(id)).data.data;
    } catch (error) {
      throw new Error(getErrorMessage(error, BOOKING_MESSAGES.contactFailed));
    }
  }, [id]);
  const contact = useLoad(`${id}:${booking.status}`, load, BOOKING_MESSAGES.contactFailed);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="contact-title">
      <Title id="contact-title" order={2} size="h4">
        Contact details
      </Title>
      <Text size="xs" c="dimmed" mt={4}>
        Shared with the two of you until the booking is completed or cancelled.
      </Text>
      {contact.data ? (
        <ContactBody contact={contact.data} />
      ) : contact.error ? (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {contact.error}
        </Text>
      ) : (
        <Skeleton height={60} mt="xs" aria-label="Loading contact details" />
      )}
    </Paper>
  );
}
