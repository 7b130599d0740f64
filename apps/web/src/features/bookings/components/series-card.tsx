import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { serviceLabel } from '@pawsy/contract';
import dayjs from 'dayjs';
import { ApiAvatar } from '../../../components/ui/api-avatar';
import { formatCents } from '../../../lib/money';
import type { Series } from '../bookings-api';
import { fullName } from '../lib/booking-format';
import { describePattern } from '../lib/series-form-model';
import { SeriesVisitsList } from './series-visits-list';

const STATUS_LABELS: Record<Series['status'], string> = {
  pending: 'Waiting for the sitter',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const dateRange = (s: Series) =>
  `${dayjs(s.startDate).format('D MMM')} to ${dayjs(s.endDate).format('D MMM YYYY')}`;

/** A weekly series request: pattern, the other party, its visits and price; actions as children. */
export function SeriesCard({
  series,
  viewAs,
  children,
}: {
  series: Series;
  viewAs: 'owner' | 'provider';
  children?: React.ReactNode;
}) {
  const other = viewAs === 'owner' ? series.provider : series.owner;
  const name = fullName(other);
  const visits = series.occurrences.filter((o) => !o.skipped).length;
  const skipped = series.occurrences.length - visits;
  const isAwaitingPayment = series.status === 'pending' && !series.paid && !!series.amountDueCents;
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="article"
      aria-label={`Weekly ${serviceLabel(series.service).toLowerCase()} series`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text fw={700} size="lg">
            {serviceLabel(series.service)}, weekly
          </Text>
          <Text size="sm">{describePattern(series)}</Text>
          <Text size="sm" c="dimmed">
            {dateRange(series)} · {visits} visit{visits === 1 ? '' : 's'}
            {skipped > 0 ? ` (${skipped} skipped)` : ''}
          </Text>
        </Stack>
        <Badge variant="dot" color={series.status === 'pending' ? 'yellow.8' : 'gray.7'}>
          {isAwaitingPayment ? 'Waiting for payment' : STATUS_LABELS[series.status]}
        </Badge>
      </Group>
      <Group mt="sm" justify="space-between">
        <Group gap="xs">
          <ApiAvatar path={other.image} name={name} size="sm" radius="xl" />
          <Text size="sm">
            {viewAs === 'owner' ? 'Sitter' : 'Owner'}: {name}
          </Text>
        </Group>
        <Text size="sm" fw={600}>
          {formatCents(series.priceCents, series.currency)}
        </Text>
      </Group>
      <Stack mt="sm" gap={4}>
        <SeriesVisitsList
          occurrences={series.occurrences}
          label={`Visits for ${name}`}
          timeZone={series.timeZone}
        />
      </Stack>
      {children}
    </Card>
  );
}
