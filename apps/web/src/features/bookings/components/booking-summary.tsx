import { Avatar, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ApiAvatar } from '../../../components/ui/api-avatar';
import { formatCents } from '../../../lib/money';
import type { Booking, BookingRequest } from '../bookings-api';
import { formatDateRange, fullName, isFinalStatus } from '../lib/booking-format';
import { StatusBadge } from './status-badge';
import { serviceLabel } from '@pawsy/contract';

function Party({ role, person }: { role: string; person: Booking['owner'] | null }) {
  const name = person ? fullName(person) : 'Not chosen yet';
  return (
    <Group gap="sm" wrap="nowrap">
      <ApiAvatar path={person?.image} name={person ? name : '?'} radius="xl" />
      <div>
        <Text size="xs" c="dimmed">
          {role}
        </Text>
        <Text fw={600}>{name}</Text>
      </div>
    </Group>
  );
}

/**
 * The sitter of a booking that ended without one: whom its one direct request went to, when the
 * page has the requests, else nobody (not "Not chosen yet": nobody will be).
 */
function NoSitter({ requests }: { requests: readonly BookingRequest[] }) {
  const invites = requests.filter((r) => r.initiatedBy === 'owner');
  const invite = invites.length === 1 ? invites[0] : null;
  const name = invite ? fullName(invite.provider) : '';
  return (
    <Group gap="sm" wrap="nowrap">
      {invite ? (
        <ApiAvatar path={invite.provider.image} name={name} radius="xl" />
      ) : (
        <Avatar radius="xl" aria-hidden="true" />
      )}
      <div>
        <Text size="xs" c="dimmed">
          Sitter
        </Text>
        <Text fw={600}>
          {invite
            ? `Request to ${name} — ${invite.state === 'rejected' ? 'declined' : 'cancelled'}`
            : 'No sitter'}
        </Text>
      </div>
    </Group>
  );
}

/**
 * The sitter's side of the payment, without the owner's details: whether Pawsy took the price
 * (card or credits), part of it, or none (an open request accepted outside Pawsy's checkout).
 */
function SitterPaymentLine({ booking, currency }: { booking: Booking; currency: string }) {
  if (booking.status === 'cancelled' || !booking.price) return null;
  const { payment } = booking;
  const rest = booking.amountDueCents ?? 0;
  if (
    payment.status === 'paid' ||
    (payment.status === 'none' && booking.creditsApplied > 0 && rest <= 0)
  )
    return <Text size="sm">Paid by the owner through Pawsy.</Text>;
  if (payment.status === 'awaiting')
    return <Text size="sm">The owner's payment through Pawsy is still awaited.</Text>;
  if (payment.status === 'none' && booking.creditsApplied > 0)
    return (
      <Text size="sm">
        {formatCents(booking.creditsApplied, currency)} paid through Pawsy; the other{' '}
        {formatCents(rest, currency)} is for you and the owner to settle.
      </Text>
    );
  if (payment.status === 'none')
    return (
      <Text size="sm" c="dimmed">
        Not paid through Pawsy: agree on payment with the owner.
      </Text>
    );
  return null;
}

/** What the card paid (or still has to), and what went back; credits are listed above. */
function PaymentLines({ booking, currency }: { booking: Booking; currency: string }) {
  const { payment } = booking;
  // No card part: credits covered it, or (an open booking, an invitation) Pawsy takes no payment
  // for it at all (docs/decisions.md "Bookings paid in full"), so nothing is "due" here.
  if (payment.status === 'none') {
    const rest = booking.amountDueCents ?? 0;
    if (booking.creditsApplied <= 0)
      return (
        <Text size="sm" c="dimmed">
          Not charged through Pawsy: no card payment or credits are taken for this booking.
        </Text>
      );
    if (rest <= 0) return <Text fw={700}>Paid with credits</Text>;
    // Credits covered part of it and no card is asked for the rest (demo data, open bookings):
    // one statement, so "Credits applied" above is not contradicted.
    return (
      <Text size="sm">
        Paid {formatCents(booking.creditsApplied, currency)} with credits; the other{' '}
        {formatCents(rest, currency)} is not charged through Pawsy.
      </Text>
    );
  }
  const card = formatCents(payment.cardCents, currency);
  return (
    <>
      {payment.status === 'paid' && <Text fw={700}>Paid by card: {card}</Text>}
      {payment.status === 'cancelled' && payment.cardRefundedCents === 0 && (
        <Text size="sm">Card payment cancelled: nothing charged</Text>
      )}
      {payment.cardRefundedCents > 0 && (
        <Text size="sm">Card refunded: {formatCents(payment.cardRefundedCents, currency)}</Text>
      )}
      {payment.status === 'awaiting' && (
        <>
          <Text fw={700}>Awaiting card payment: {card}</Text>
          <Text size="sm" c="dimmed">
            The sitter gets your request once it is paid.
          </Text>
          {payment.checkoutUrl && (
            <Button component="a" href={payment.checkoutUrl} mt="xs" w="fit-content">
              Pay {card} by card
            </Button>
          )}
        </>
      )}
    </>
  );
}

/** The summary's heading: where focus goes once a confirmed status change closes its dialog. */
export const SUMMARY_TITLE_ID = 'summary-title';

/** Service, dates, parties, notes, price and credits of one booking. */
export function BookingSummary({
  booking,
  isOwner = false,
  showPayment = true,
  requests = [],
}: {
  booking: Booking;
  isOwner?: boolean;
  /** How the owner paid (credits, card, refunds): the owner's and the admins' to read, not the sitter's. */
  showPayment?: boolean;
  /** The booking's requests where the page has them: whom an ended request went to. */
  requests?: readonly BookingRequest[] | null;
}) {
  const currency = booking.price?.currency ?? 'USD';
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={SUMMARY_TITLE_ID}>
      <Group justify="space-between">
        <Title id={SUMMARY_TITLE_ID} order={2} size="h3" tabIndex={-1}>
          {serviceLabel(booking.service)}
        </Title>
        <StatusBadge status={booking.status} />
      </Group>
      <Text mt={4}>{formatDateRange(booking.startDate, booking.endDate)}</Text>
      {booking.notes && (
        <Text size="sm" mt="xs">
          {booking.notes}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
        <Party role="Owner" person={booking.owner} />
        {!booking.provider && isFinalStatus(booking.status) ? (
          <NoSitter requests={requests ?? []} />
        ) : (
          <Party role="Sitter" person={booking.provider} />
        )}
      </SimpleGrid>
      <Stack gap={2} mt="md" aria-label="Price">
        {booking.price ? (
          <>
            <Text size="sm">
              Price: {formatCents(booking.price.rateCents, currency)} × {booking.price.units}{' '}
              {booking.price.unitLabel}
              {booking.price.units === 1 ? '' : 's'} ={' '}
              {formatCents(booking.price.amountCents, currency)}
            </Text>
            {showPayment && booking.creditsApplied > 0 && (
              <Text size="sm">
                Credits applied: {formatCents(booking.creditsApplied, currency)}
              </Text>
            )}
            {showPayment && booking.creditsRefunded > 0 && (
              <Text size="sm">
                Credits refunded: {formatCents(booking.creditsRefunded, currency)}
              </Text>
            )}
            {showPayment ? (
              <PaymentLines booking={booking} currency={currency} />
            ) : (
              <SitterPaymentLine booking={booking} currency={currency} />
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {isOwner
              ? 'The price is set from the rate of the sitter you accept.'
              : 'The price is set from the rate of the sitter the owner accepts.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
