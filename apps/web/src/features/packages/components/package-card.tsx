import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatCents } from '../../../lib/money';
import { formatPackagePrice } from '../package-format';
import type { Package } from '../packages-api';

type PackageCardProps = {
  pkg: Package;
  maySubscribe: boolean;
  /** The member's current plan: said on the card, which then offers no Subscribe. */
  isCurrent?: boolean;
};

/** One package on offer, with its Subscribe button (→ /subscribe?packageId=…) for an owner. */
export function PackageCard({ pkg, maySubscribe, isCurrent = false }: PackageCardProps) {
  const headingId = `package-${pkg._id}`;
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3" id={headingId}>
            {pkg.name}
          </Title>
          <Group gap={4}>
            {isCurrent && (
              // As VerifiedBadge: white on Mantine's filled green is below WCAG contrast.
              <Badge color="pawsy" variant="light">
                Current plan
              </Badge>
            )}
            <Badge variant="light">{pkg.interval === 'year' ? 'Yearly' : 'Monthly'}</Badge>
          </Group>
        </Group>
        <Text size="xl" fw={700}>
          {formatPackagePrice(pkg)}
        </Text>
        <Text>
          {`${formatCents(pkg.creditsIncluded, pkg.currency.toUpperCase())} in booking credits each ${pkg.interval}`}
        </Text>
        {pkg.description && <Text c="dimmed">{pkg.description}</Text>}
        {maySubscribe && isCurrent ? (
          <Text mt="auto" fw={600} c="pawsy.8">
            This is your current plan.
          </Text>
        ) : maySubscribe ? (
          <Button
            mt="auto"
            component={Link}
            to={`${paths.subscribe}?packageId=${encodeURIComponent(pkg._id)}`}
            aria-label={`Subscribe to ${pkg.name}`}
          >
            Subscribe
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
