import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { refundOnCancel } from '@pawsy/contract';
import { useAppDispatch } from '../../../app/hooks';
import { formatCents } from '../../../lib/money';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useTimeReached } from '../../../lib/use-time-reached';
import { formatDateTime } from '../lib/booking-format';
import { ChatButton } from '../../chat';
import { updateBookingStatus } from '../booking-slice';
import { BOOKING_MESSAGES, type Booking, type BookingStatus } from '../bookings-api';
import type { BookingActions as Allowed } from '../lib/booking-permissions';
import { CancelBookingModal } from './cancel-booking-modal';
import { StatusChangeModal } from './status-change-modal';
import { SUMMARY_TITLE_ID } from './booking-summary';

type Dialog = 'start' | 'complete' | 'cancel' | null;

/**
 * What cancelling now gives the owner back, by the policy the API applies (refundOnCancel): the
 * credits applied and a card payment already made; an unmade card payment is never charged. The
 * sitter cancelling learns only that the owner is refunded, not how they paid. Given several
 * bookings (the visits of a weekly series cancelled together), the sum of each one's refund.
 */
export function refundIfCancelled(
  bookings: Booking | Booking[],
  byOwner: boolean,
  now = new Date(),
): string {
  const all = Array.isArray(bookings) ? bookings : [bookings];
  let credits = 0;
  let card = 0;
  let paid = false;
  for (const booking of all) {
    const p = booking.payment;
    const rule = (cents: number) =>
      refundOnCancel({
        creditsApplied: cents,
        startAt: new Date(booking.startDate),
        now,
        cancelledBy: byOwner ? 'owner' : 'provider',
        accepted: booking.status !== 'pending',
      });
    credits += rule(p.creditsCents - p.creditsRefundedCents);
    if (p.status === 'paid') card += rule(p.cardCents - p.cardRefundedCents);
    paid ||= p.creditsCents > 0 || p.status === 'paid';
  }
  const parts = [
    credits > 0 ? `${formatCents(credits)} in credits` : null,
    card > 0 ? `${formatCents(card)} to the card` : null,
  ].filter(Boolean);
  // How the owner paid (credits, card) is the owner's and the admins' to read, not the sitter's.
  if (!byOwner && parts.length > 0) return 'The owner gets back what they paid.';
  if (parts.length > 0) return `You get back ${parts.join(' and ')}.`;
  if (paid) return 'Nothing is refunded if you cancel now.';
  const what = all.length > 1 ? 'these visits' : 'this booking';
  return `Nothing was paid for ${what}, so nothing is charged.`;
}

/**
 * `leadMinutes` before the booking's start, as the API checks: when the sitter may start it
 * (BOOKING_START_LEAD_MINUTES) and complete it (BOOKING_COMPLETE_LEAD_MINUTES).
 */
function leadBefore(booking: Booking, leadMinutes: number): number {
  return Date.parse(booking.startDate) - leadMinutes * 60_000;
}

const formatFrom = (at: number) => formatDateTime(new Date(at).toISOString());

/** Start / Complete / Cancel by role and status, plus the chat entry point. */
export function BookingActions({
  booking,
  allowed,
  userId,
  canChat,
}: {
  booking: Booking;
  allowed: Allowed;
  userId: string | null;
  /** Whether there is anyone to chat with (hasChatParty): no Chat button whose chat answers 409. */
  canChat: boolean;
}) {
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { startLeadMinutes, completeLeadMinutes } = getRuntimeConfig();
  const startFrom = leadBefore(booking, startLeadMinutes);
  const completeFrom = leadBefore(booking, completeLeadMinutes);
  const canStartNow = useTimeReached(startFrom);
  const canCompleteNow = useTimeReached(completeFrom);

  // After a confirmed Start / Complete / Cancel the button that opened the dialog is gone, so
  // focus goes to the booking's heading (beside its new status) instead of falling to <body>.
  const [hasMoved, setMoved] = useState(false);
  useEffect(() => {
    if (hasMoved && dialog === null) document.getElementById(SUMMARY_TITLE_ID)?.focus();
  }, [hasMoved, dialog]);

  // The Start/Complete dialog stays mounted (as the cancel one does) so that Mantine can hand focus
  // back to the button that opened it when it is left with Escape or Back; `statusKind` keeps its
  // wording through the closing transition, and a new kind starts a fresh form.
  const [statusKind, setStatusKind] = useState<'start' | 'complete'>('start');
  // Each change made starts a fresh dialog (its note and photo sent are gone from the page at once).
  const [moves, setMoves] = useState(0);
  const open = (next: Dialog) => {
    setError(null);
    setMoved(false);
    if (next === 'start' || next === 'complete') setStatusKind(next);
    setDialog(next);
  };

  const move = async (status: BookingStatus, note?: string, image?: File | null) => {
    setSubmitting(true);
    setError(null);
    const result = await dispatch(
      updateBookingStatus({ id: booking._id, change: { status, note, image } }),
    );
    setSubmitting(false);
    if (updateBookingStatus.fulfilled.match(result)) {
      setMoves((n) => n + 1);
      setMoved(true);
      setDialog(null);
    } else setError(result.payload ?? BOOKING_MESSAGES.statusFailed);
  };

  return (
    <>
      <Group>
        {allowed.canStart &&
          (canStartNow ? (
            <Button onClick={() => open('start')}>Start</Button>
          ) : (
            <Text size="sm" c="dimmed" data-testid="startable-from">
              You can start this booking from {formatFrom(startFrom)}.
            </Text>
          ))}
        {allowed.canComplete &&
          (canCompleteNow ? (
            <Button onClick={() => open('complete')}>Complete</Button>
          ) : (
            <Text size="sm" c="dimmed" data-testid="completable-from">
              You can complete this booking from {formatFrom(completeFrom)}.
            </Text>
          ))}
        {allowed.canCancel && (
          <Button variant="outline" color="red.8" onClick={() => open('cancel')}>
            Cancel booking
          </Button>
        )}
        {canChat && (
          <ChatButton bookingId={booking._id} owner={booking.owner} provider={booking.provider} />
        )}
      </Group>
      {error && dialog === null && (
        <Alert color="red" role="alert" mt="sm">
          {error}
        </Alert>
      )}
      <StatusChangeModal
        key={`${statusKind}-${moves}`}
        opened={dialog === 'start' || dialog === 'complete'}
        title={statusKind === 'start' ? 'Start the booking' : 'Complete the booking'}
        confirmLabel={statusKind === 'start' ? 'Start booking' : 'Mark as completed'}
        description={
          statusKind === 'start'
            ? 'Let the owner know you have started. A note or a photo is welcome.'
            : 'Wrap up with a last note or photo for the owner.'
        }
        isSubmitting={isSubmitting}
        error={error}
        returnFocus={!hasMoved}
        onClose={() => setDialog(null)}
        onConfirm={({ note, image }) =>
          void move(statusKind === 'start' ? 'in-progress' : 'completed', note, image)
        }
      />
      <CancelBookingModal
        opened={dialog === 'cancel'}
        policy={booking.cancellationPolicy}
        refund={
          dialog === 'cancel' ? refundIfCancelled(booking, booking.owner._id === userId) : null
        }
        isSubmitting={isSubmitting}
        error={error}
        returnFocus={!hasMoved}
        onClose={() => setDialog(null)}
        onConfirm={() => void move('cancelled')}
      />
    </>
  );
}
