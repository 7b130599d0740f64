import { Alert, Badge, Group, Paper, Rating, Skeleton, Stack, Text } from '@mantine/core';
import { ApiAvatar } from '../../../components/ui/api-avatar';
import { serviceLabel } from '../../../config/service-labels';
import { formatCents } from '../../../lib/money';
import type { SitterProfile } from '../../sitters';

type SitterSummaryCardProps = {
  sitter: SitterProfile | null;
  isLoading: boolean;
  error: string | null;
};

/** The sitter asked directly: name, city, rating and what they charge per service. */
export function SitterSummaryCard({ sitter, isLoading, error }: SitterSummaryCardProps) {
  if (isLoading && !sitter) return <Skeleton height={96} radius="lg" aria-label="Loading sitter" />;
  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (!sitter) return null;
  const name = `${sitter.firstName} ${sitter.lastName}`;
  return (
    <Paper withBorder radius="lg" p="md" aria-label={`Chosen sitter: ${name}`}>
      <Group wrap="nowrap" align="flex-start">
        <ApiAvatar path={sitter.image} name={name} size="lg" radius="xl" />
        <Stack gap={4}>
          <Text fw={700}>{name}</Text>
          {sitter.city && (
            <Text size="sm" c="dimmed">
              {sitter.city}
            </Text>
          )}
          <Group gap={6}>
            <Rating
              value={sitter.rating.average ?? 0}
              readOnly
              fractions={2}
              size="xs"
              aria-hidden="true"
            />
            <Text size="xs" c="dimmed">
              {sitter.rating.average !== null
                ? `${sitter.rating.average.toFixed(1)} (${sitter.rating.count} ${sitter.rating.count === 1 ? 'review' : 'reviews'})`
                : 'No reviews yet'}
            </Text>
          </Group>
          <Group gap={6}>
            {Object.entries(sitter.service_rates).map(([service, cents]) => (
              <Badge key={service} variant="outline" color="gray.7" tt="none">
                {serviceLabel(service)}: {formatCents(cents, sitter.currency)}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
