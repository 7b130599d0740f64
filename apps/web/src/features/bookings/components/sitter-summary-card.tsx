import { Alert, Group, Paper, Rating, Skeleton, Stack, Text } from '@mantine/core';
import { ApiAvatar } from '../../../components/ui/api-avatar';
import { PetKinds, ServiceRates, VerifiedBadge, type SitterProfile } from '../../sitters';

type SitterSummaryCardProps = {
  sitter: SitterProfile | null;
  isLoading: boolean;
  error: string | null;
};

/**
 * The sitter asked directly: name, its verified badge as on the search card, city, rating, what
 * they charge per service and the kinds of pets they take.
 */
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
          <Group gap="xs">
            <Text fw={700}>{name}</Text>
            <VerifiedBadge sitter={sitter} />
          </Group>
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
          <ServiceRates
            primary_services={sitter.primary_services}
            service_rates={sitter.service_rates}
            suggested_rates={sitter.suggested_rates}
            currency={sitter.currency}
          />
          <PetKinds kinds={sitter.pet_prefrences} />
        </Stack>
      </Group>
    </Paper>
  );
}
