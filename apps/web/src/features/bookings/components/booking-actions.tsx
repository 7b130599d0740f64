import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { refundOnCancel } from '@pawsy/contract';
import { useAppDispatch } from '../../../app/hooks';
import { formatCents } from '../../../lib/money';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { formatDateTime } from '../lib/booking-format';
import { ChatButton } from '../../chat';
import { updateBookingStatus } from '../booking-slice';
import { BOOKING_MESSAGES, type Booking, type BookingStatus } from '../bookings-api';
import type { BookingActions as Allowed } from '../lib/booking-permissions';
import { CancelBookingModal } from './cancel-booking-modal';
import { StatusChangeModal } from './status-change-modal';

type Dialog = 'start' | 'complete' | 'cancel' | null;

/**
 * What cancelling now gives the owner back, by the policy the API applies (refundOnCancel): the
 * credits applied and a card payment already made; an unmade card payment is never charged.
 */
export function refundIfCancelled(booking: Booking, byOwner: boolean, now = new Date()): string {
  const p = booking.payment;
  const rule = (cents: number) =>
    refundOnCancel({
      creditsApplied: cents,
      startAt: new Date(booking.startDate),
      now,
      cancelledBy: byOwner ? 'owner' : 'provider',
    });
  const credits = rule(p.creditsCents - p.creditsRefundedCents);
  const card = p.status === 'paid' ? rule(p.cardCents - p.cardRefundedCents) : 0;
  const parts = [
    credits > 0 ? `${formatCents(credits)} in credits` : null,
    card > 0 ? `${formatCents(card)} to the card` : null,
  ].filter(Boolean);
  const who = byOwner ? 'You get back' : 'The owner gets back';
  if (parts.length > 0) return `${who} ${parts.join(' and ')}.`;
  if (p.creditsCents > 0 || p.status === 'paid') return 'Nothing is refunded if you cancel now.';
  return 'Nothing was paid for this booking, so nothing is charged.';
}

/** When the sitter may start: BOOKING_START_LEAD_MINUTES before the start, as the API checks. */
function startableFrom(booking: Booking, leadMinutes: number): Date {
  return new Date(Date.parse(booking.startDate) - leadMinutes * 60_000);
}

/** Start / Complete / Cancel by role and status, plus the chat entry point. */
export function BookingActions({
  booking,
  allowed,
  userId,
}: {
  booking: Booking;
  allowed: Allowed;
  userId: string | null;
}) {
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const from = startableFrom(booking, getRuntimeConfig().startLeadMinutes).getTime();
  // The time the start window is judged by; moved on when a page left open reaches the window.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const wait = from - Date.now();
    // setTimeout holds at most ~24.8 days; a later start is judged again when the page is opened.
    if (wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(wait, 0));
    return () => clearTimeout(timer);
  }, [from]);
  const canStartNow = from <= now;

  const open = (next: Dialog) => {
    setError(null);
    setDialog(next);
  };

  const move = async (status: BookingStatus, note?: string, image?: File | null) => {
    setSubmitting(true);
    setError(null);
    const result = await dispatch(
      updateBookingStatus({ id: booking._id, change: { status, note, image } }),
    );
    setSubmitting(false);
    if (updateBookingStatus.fulfilled.match(result)) setDialog(null);
    else setError(result.payload ?? BOOKING_MESSAGES.statusFailed);
  };

  return (
    <>
      <Group>
        {allowed.canStart &&
          (canStartNow ? (
            <Button onClick={() => open('start')}>Start</Button>
          ) : (
            <Text size="sm" c="dimmed" data-testid="startable-from">
              You can start this booking from {formatDateTime(new Date(from).toISOString())}.
            </Text>
          ))}
        {allowed.canComplete && <Button onClick={() => open('complete')}>Complete</Button>}
        {allowed.canCancel && (
          <Button variant="outline" color="red.8" onClick={() => open('cancel')}>
            Cancel booking
          </Button>
        )}
        <ChatButton bookingId={booking._id} owner={booking.owner} provider={booking.provider} />
      </Group>
      {error && dialog === null && (
        <Alert color="red" role="alert" mt="sm">
          {error}
        </Alert>
      )}
      {(dialog === 'start' || dialog === 'complete') && (
        <StatusChangeModal
          opened
          title={dialog === 'start' ? 'Start the booking' : 'Complete the booking'}
          confirmLabel={dialog === 'start' ? 'Start booking' : 'Mark as completed'}
          description={
            dialog === 'start'
              ? 'Let the owner know you have started. A note or a photo is welcome.'
              : 'Wrap up with a last note or photo for the owner.'
          }
          isSubmitting={isSubmitting}
          error={error}
          onClose={() => setDialog(null)}
          onConfirm={({ note, image }) =>
            void move(dialog === 'start' ? 'in-progress' : 'completed', note, image)
          }
        />
      )}
      <CancelBookingModal
        opened={dialog === 'cancel'}
        policy={booking.cancellationPolicy}
        refund={
          dialog === 'cancel' ? refundIfCancelled(booking, booking.owner._id === userId) : null
        }
        isSubmitting={isSubmitting}
        error={error}
        onClose={() => setDialog(null)}
        onConfirm={() => void move('cancelled')}
      />
    </>
  );
}
