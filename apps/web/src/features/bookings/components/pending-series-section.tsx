import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CANCELLATION_POLICY } from '@pawsy/contract';
import { useCallback, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useLoad } from '../../../lib/use-load';
import { BOOKING_MESSAGES, seriesApi, type Series } from '../bookings-api';
import { CancelBookingModal } from './cancel-booking-modal';
import { SeriesCard } from './series-card';
import { isBookingEvent, useLiveRefresh } from '../../notifications';

/**
 * An owner's weekly series still waiting for the sitter: their visits become bookings (and join
 * the lists below) only once the sitter accepts. The owner may withdraw one meanwhile.
 */
export function PendingSeriesSection() {
  const [toWithdraw, setToWithdraw] = useState<Series | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async (): Promise<Series[]> => {
    try {
      return (await seriesApi.list({ role: 'owner', status: 'pending' })).data.data;
    } catch (err) {
      throw new Error(getErrorMessage(err, BOOKING_MESSAGES.seriesListFailed));
    }
  }, []);
  const list = useLoad('owner-pending-series', load, BOOKING_MESSAGES.seriesListFailed);
  // The sitter accepting or declining the series takes it off this list as the bell says so.
  useLiveRefresh(isBookingEvent, list.reload);

  const withdraw = async (series: Series) => {
    setSubmitting(true);
    setError(null);
    try {
      const { data } = await seriesApi.cancel(series.id, { scope: 'rest' });
      setToWithdraw(null);
      notifications.show({
        color: 'gray',
        title: 'Weekly request withdrawn',
        message: data.message,
      });
      list.reload();
    } catch (err) {
      setError(getErrorMessage(err, BOOKING_MESSAGES.seriesCancelFailed));
    }
    setSubmitting(false);
  };

  if (list.error)
    return (
      <Alert color="red" role="alert">
        {list.error}
      </Alert>
    );
  if (!list.data?.length) return null;
  return (
    <section aria-labelledby="pending-series-title">
      <Title id="pending-series-title" order={2} size="h4" mb="sm">
        Weekly series waiting for the sitter
      </Title>
      <Stack>
        {list.data.map((series) => (
          <SeriesCard key={series.id} series={series} viewAs="owner">
            <Group mt="sm">
              <Button
                size="xs"
                variant="outline"
                color="red.8"
                onClick={() => {
                  setError(null);
                  setToWithdraw(series);
                }}
              >
                Withdraw request
              </Button>
            </Group>
          </SeriesCard>
        ))}
      </Stack>
      <CancelBookingModal
        opened={toWithdraw !== null}
        title="Withdraw this weekly request?"
        description="The sitter will no longer be asked; credits and card payments are refunded."
        keepLabel="Keep it"
        confirmLabel="Yes, withdraw"
        policy={CANCELLATION_POLICY}
        isSubmitting={isSubmitting}
        error={error}
        onClose={() => setToWithdraw(null)}
        onConfirm={() => toWithdraw && void withdraw(toWithdraw)}
      />
    </section>
  );
}
