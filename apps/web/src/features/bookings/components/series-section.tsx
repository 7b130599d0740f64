import { Alert, Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState } from 'react';
import { cancelClosesAt } from '@pawsy/contract';
import { useAppDispatch } from '../../../app/hooks';
import { getErrorMessage } from '../../../lib/api-error';
import { useLoad } from '../../../lib/use-load';
import { fetchBooking } from '../booking-slice';
import {
  BOOKING_MESSAGES,
  bookingsApi,
  seriesApi,
  type Booking,
  type Series,
  type SeriesCancelScope,
} from '../bookings-api';
import type { BookingRole } from '../lib/booking-permissions';
import { describePattern } from '../lib/series-form-model';
import { refundIfCancelled } from './booking-actions';
import { CancelBookingModal } from './cancel-booking-modal';
import { SeriesVisitsList } from './series-visits-list';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';

type Scope = SeriesCancelScope['scope'];
/** The bookings of the visits "cancel the rest" would end, read when its dialog opens. */
type RestVisits = Booking[] | 'loading' | 'failed';

/**
 * Visits a "cancel the rest" by `by` would end, as the API picks them: booked, not started, and
 * still the caller's to cancel (the owner's until the visit begins, the sitter's until it ends).
 */
const openVisits = (series: Series, by: 'owner' | 'provider', now = Date.now()): string[] =>
  series.occurrences.flatMap((o) =>
    o.bookingId !== null &&
    (o.status === 'pending' ||
      (o.status === 'accepted' &&
        now < cancelClosesAt(by, { startDate: o.startAt, endDate: o.endAt })))
      ? [o.bookingId]
      : [],
  );

/** What comes back, worded as a single booking's cancel dialog words it (refundIfCancelled). */
function restRefund(visits: RestVisits, byOwner: boolean): string {
  if (visits === 'loading') return 'Working out the refund…';
  if (visits === 'failed')
    return 'The refund could not be worked out; it follows the cancellation policy below.';
  return refundIfCancelled(visits, byOwner);
}

/**
 * On an occurrence's details: the series it belongs to, its visits, and cancelling this visit
 * or the rest of the series (both parties, under the cancellation policy).
 */
const SERIES_TITLE_ID = 'series-title';

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
  const [restVisits, setRestVisits] = useState<RestVisits>('loading');
  // Only the latest opening of "cancel the rest" may set what it refunds.
  const restAsk = useRef(0);
  const focusNext = useFocusAfterRender();
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
      // The Cancel buttons go with what they cancelled: the focus waits on the section's heading.
      focusNext(SERIES_TITLE_ID);
    } catch (err) {
      setError(getErrorMessage(err, BOOKING_MESSAGES.seriesCancelFailed));
    }
    setSubmitting(false);
  };

  // A cancelled series may keep a begun visit, which only its own "Cancel this visit" ends.
  const restIds =
    series.data?.status === 'accepted' && role !== 'viewer' ? openVisits(series.data, role) : [];
  const rest = restIds.length;
  const byOwner = role === 'owner';

  /** Opens "cancel the rest" and reads each of its visits' payments, to say what comes back. */
  const openRest = async () => {
    const ask = ++restAsk.current;
    setError(null);
    setRestVisits('loading');
    setDialog('rest');
    try {
      const visits = await Promise.all(
        restIds.map(async (id) =>
          id === booking._id ? booking : (await bookingsApi.get(id)).data.booking,
        ),
      );
      if (ask === restAsk.current) setRestVisits(visits);
    } catch {
      if (ask === restAsk.current) setRestVisits('failed');
    }
  };
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={SERIES_TITLE_ID}>
      <Title id={SERIES_TITLE_ID} order={2} size="h4" tabIndex={-1}>
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
                <Button
                  variant="outline"
                  color="red.8"
                  onClick={() => {
                    setError(null);
                    setDialog('occurrence');
                  }}
                >
                  Cancel this visit
                </Button>
              )}
              {rest > 0 && (
                <Button variant="outline" color="red.8" onClick={() => void openRest()}>
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
        refund={
          dialog === 'rest'
            ? restRefund(restVisits, byOwner)
            : dialog === 'occurrence'
              ? refundIfCancelled(booking, byOwner)
              : null
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
