import { Alert, Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { cancelClosesAt } from '@pawsy/contract';
import { useAppDispatch } from '../../../app/hooks';
import { getErrorMessage } from '../../../lib/api-error';
import { useLoad } from '../../../lib/use-load';
import { fetchBooking } from '../booking-slice';
import {
  BOOKING_MESSAGES,
  seriesApi,
  type Booking,
  type Series,
  type SeriesCancelScope,
} from '../bookings-api';
import type { BookingRole } from '../lib/booking-permissions';
import { describePattern } from '../lib/series-form-model';
import { CancelBookingModal } from './cancel-booking-modal';
import { SeriesVisitsList } from './series-visits-list';

type Scope = SeriesCancelScope['scope'];

/**
 * Visits a "cancel the rest" by `by` would end, as the API picks them: booked, not started, and
 * still the caller's to cancel (the owner's until the visit begins, the sitter's until it ends).
 */
const openVisits = (series: Series, by: 'owner' | 'provider', now = Date.now()) =>
  series.occurrences.filter(
    (o) =>
      o.bookingId !== null &&
      (o.status === 'pending' ||
        (o.status === 'accepted' &&
          now < cancelClosesAt(by, { startDate: o.startAt, endDate: o.endAt }))),
  ).length;

/**
 * On an occurrence's details: the series it belongs to, its visits, and cancelling this visit
 * or the rest of the series (both parties, under the cancellation policy).
 */
export function SeriesSection({
  booking,
  canCancelVisit,
  role,
}: {
  booking: Booking & { seriesId: string };
  canCancelVisit: boolean;
  /** The owner or the sitter (an admin only looks). */
  role: BookingRole;
}) {
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<Scope | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async (): Promise<Series> => {
    try {
      return (await seriesApi.get(booking.seriesId)).data.data;
    } catch (err) {
      throw new Error(getErrorMessage(err, BOOKING_MESSAGES.seriesListFailed));
    }
  }, [booking.seriesId]);
  const series = useLoad(
    `${booking.seriesId}:${booking.status}`,
    load,
    BOOKING_MESSAGES.seriesListFailed,
  );

  const cancel = async (scope: Scope) => {
    setSubmitting(true);
    setError(null);
    try {
      const body: SeriesCancelScope =
        scope === 'rest' ? { scope } : { scope, bookingId: booking._id };
      await seriesApi.cancel(booking.seriesId, body);
      setDialog(null);
      notifications.show({
        color: 'gray',
        title: scope === 'rest' ? 'Rest of the series cancelled' : 'Visit cancelled',
        message: 'Refunds follow the cancellation policy.',
      });
      void dispatch(fetchBooking(booking._id));
      series.reload();
    } catch (err) {
      setError(getErrorMessage(err, BOOKING_MESSAGES.seriesCancelFailed));
    }
    setSubmitting(false);
  };

  // A cancelled series may keep a begun visit, which only its own "Cancel this visit" ends.
  const rest =
    series.data?.status === 'accepted' && role !== 'viewer' ? openVisits(series.data, role) : 0;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="series-title">
      <Title id="series-title" order={2} size="h4">
        Part of a weekly series
      </Title>
      {series.isLoading && !series.data ? (
        <Skeleton height={80} mt="sm" aria-label="Loading the series" />
      ) : series.error ? (
        <Alert color="red" role="alert" mt="sm">
          {series.error}
        </Alert>
      ) : series.data ? (
        <>
          <Text size="sm" mt={4} mb="sm">
            {describePattern(series.data)}
          </Text>
          <SeriesVisitsList
            occurrences={series.data.occurrences}
            currentBookingId={booking._id}
            label="Visits in this series"
            timeZone={series.data.timeZone}
          />
          {(canCancelVisit || rest > 0) && (
            <Group mt="md">
              {canCancelVisit && (
                <Button variant="outline" color="red.8" onClick={() => setDialog('occurrence')}>
                  Cancel this visit
                </Button>
              )}
              {rest > 0 && (
                <Button variant="outline" color="red.8" onClick={() => setDialog('rest')}>
                  Cancel the rest of the series
                </Button>
              )}
            </Group>
          )}
        </>
      ) : null}
      <CancelBookingModal
        opened={dialog !== null}
        title={dialog === 'rest' ? 'Cancel the rest of the series?' : 'Cancel this visit?'}
        description={
          dialog === 'rest'
            ? `The ${rest} visit${rest === 1 ? '' : 's'} of this series not started yet will be cancelled.`
            : 'Only this visit is cancelled; the other visits of the series stay booked.'
        }
        keepLabel="Keep it"
        confirmLabel={dialog === 'rest' ? 'Yes, cancel the rest' : 'Yes, cancel this visit'}
        policy={booking.cancellationPolicy}
        isSubmitting={isSubmitting}
        error={error}
        onClose={() => setDialog(null)}
        onConfirm={() => dialog && void cancel(dialog)}
      />
    </Paper>
  );
}
