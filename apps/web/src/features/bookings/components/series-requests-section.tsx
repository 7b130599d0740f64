import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useLoad } from '../../../lib/use-load';
import { countOf as plural } from '../../../lib/plural';
import { BOOKING_MESSAGES, seriesApi, type Decision, type Series } from '../bookings-api';
import { BookingListSkeleton } from './booking-list-skeleton';
import { SeriesCard } from './series-card';

function acceptedMessage(series: Series): string {
  const created = series.occurrences.filter((o) => o.bookingId !== null).length;
  const skipped = series.occurrences.filter((o) => o.skipped).length;
  const skippedText = skipped > 0 ? `; ${plural(skipped, 'date')} skipped` : '';
  return `${plural(created, 'booking')} created${skippedText}.`;
}

/** The sitter's pending weekly series, accepted or declined as a whole. */
export function SeriesRequestsSection({ userId }: { userId: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async (): Promise<Series[]> => {
    try {
      return (await seriesApi.list({ role: 'provider', status: 'pending' })).data.data;
    } catch (err) {
      throw new Error(getErrorMessage(err, BOOKING_MESSAGES.seriesListFailed));
    }
  }, []);
  const list = useLoad(userId || null, load, BOOKING_MESSAGES.seriesListFailed);

  const decide = async (series: Series, decision: Decision) => {
    setBusy(`${decision}:${series.id}`);
    setError(null);
    try {
      const { data } = await seriesApi.decide(series.id, decision);
      notifications.show(
        decision === 'accepted'
          ? { color: 'green', title: 'Weekly series accepted', message: acceptedMessage(data.data) }
          : { color: 'gray', title: 'Weekly series declined', message: 'The owner is told.' },
      );
    } catch (err) {
      setError(getErrorMessage(err, BOOKING_MESSAGES.seriesDecideFailed));
    }
    setBusy(null);
    list.reload();
  };

  return (
    <section aria-labelledby="section-weekly-series">
      <Title id="section-weekly-series" order={2} size="h3" mb="sm">
        Weekly series requests
      </Title>
      {error && (
        <Alert color="red" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      {list.isLoading && !list.data ? (
        <BookingListSkeleton count={1} />
      ) : list.error ? (
        <Alert color="red" role="alert">
          {list.error}
        </Alert>
      ) : !list.data?.length ? (
        <Text c="dimmed">No weekly series waiting for you.</Text>
      ) : (
        <Stack>
          {list.data.map((series) => (
            <SeriesCard key={series.id} series={series} viewAs="provider">
              <Group gap="xs" mt="sm">
                <Button
                  size="xs"
                  loading={busy === `accepted:${series.id}`}
                  disabled={busy !== null}
                  onClick={() => void decide(series, 'accepted')}
                >
                  Accept series
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  color="red.8"
                  loading={busy === `rejected:${series.id}`}
                  disabled={busy !== null}
                  onClick={() => void decide(series, 'rejected')}
                >
                  Decline series
                </Button>
              </Group>
            </SeriesCard>
          ))}
        </Stack>
      )}
    </section>
  );
}
