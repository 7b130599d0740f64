import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { ApiAvatar } from '../../../components/ui/api-avatar';
import { NextFreeDates } from '../../availability';
import { formatDistance, fullName } from '../format';
import { sitterPagePath, type SitterPageState } from '../hooks/use-sitter-filters';
import type { SitterCard as Sitter } from '../sitters-api';
import { RatingSummary, ServiceRates, VerifiedBadge } from './sitter-badges';

type SitterCardProps = {
  sitter: Sitter;
  showDistance: boolean;
  /** The search's service and dates (bookingQuery), carried to the sitter's page. */
  query?: string;
};

export function SitterCard({ sitter, showDistance, query = '' }: SitterCardProps) {
  const location = useLocation();
  const name = fullName(sitter);
  const place = [sitter.city, sitter.state].filter(Boolean).join(', ');
  return (
    <Card component="article" withBorder radius="lg" padding="md" aria-label={name}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ApiAvatar
          path={sitter.image ? `${sitter.image}?size=thumb` : null}
          name={name}
          size={64}
          radius="50%"
          color="pawsy"
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs">
            <Anchor
              component={Link}
              to={sitterPagePath(sitter._id, query)}
              state={{ search: location.search } satisfies SitterPageState}
              fw={700}
              size="lg"
            >
              {name}
            </Anchor>
            <VerifiedBadge sitter={sitter} />
          </Group>
          {(place || (showDistance && sitter.distanceKm !== null)) && (
            <Group gap={4} c="dark.4">
              <IconMapPin size={14} aria-hidden="true" />
              <Text size="sm">
                {place}
                {place && showDistance && sitter.distanceKm !== null ? ' · ' : ''}
                {showDistance && sitter.distanceKm !== null && (
                  <span data-testid="distance">{formatDistance(sitter.distanceKm)}</span>
                )}
              </Text>
            </Group>
          )}
          {sitter.headline && <Text size="sm">{sitter.headline}</Text>}
          <RatingSummary rating={sitter.rating} />
          <NextFreeDates dates={sitter.nextFreeDates} />
          <ServiceRates {...sitter} />
        </Stack>
      </Group>
    </Card>
  );
}
