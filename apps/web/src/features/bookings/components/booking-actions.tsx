import { Alert, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { ChatButton } from '../../chat';
import { updateBookingStatus } from '../booking-slice';
import { BOOKING_MESSAGES, type Booking, type BookingStatus } from '../bookings-api';
import type { BookingActions as Allowed } from '../lib/booking-permissions';
import { CancelBookingModal } from './cancel-booking-modal';
import { StatusChangeModal } from './status-change-modal';

type Dialog = 'start' | 'complete' | 'cancel' | null;

/** Start / Complete / Cancel by role and status, plus the chat entry point. */
export function BookingActions({ booking, allowed }: { booking: Booking; allowed: Allowed }) {
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
        {allowed.canStart && <Button onClick={() => open('start')}>Start</Button>}
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
        isSubmitting={isSubmitting}
        error={error}
        onClose={() => setDialog(null)}
        onConfirm={() => void move('cancelled')}
      />
    </>
  );
}
