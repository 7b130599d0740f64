import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatCents } from '../../../lib/money';
import { formatPackagePrice } from '../package-format';
import type { Package } from '../packages-api';

/** One package on offer, with its Subscribe button (→ /subscribe?packageId=…) for an owner. */
export function PackageCard({ pkg, maySubscribe }: { pkg: Package; maySubscribe: boolean }) {
  const headingId = `package-${pkg._id}`;
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3" id={headingId}>
            {pkg.name}
          </Title>
          <Badge variant="light">{pkg.interval === 'year' ? 'Yearly' : 'Monthly'}</Badge>
        </Group>
        <Text size="xl" fw={700}>
          {formatPackagePrice(pkg)}
        </Text>
        <Text>
          {`${formatCents(pkg.creditsIncluded, pkg.currency.toUpperCase())} in booking credits each ${pkg.interval}`}
        </Text>
        {pkg.description && <Text c="dimmed">{pkg.description}</Text>}
        {maySubscribe && (
          <Button
            mt="auto"
            component={Link}
            to={`${paths.subscribe}?packageId=${encodeURIComponent(pkg._id)}`}
            aria-label={`Subscribe to ${pkg.name}`}
          >
            Subscribe
          </Button>
        )}
      </Stack>
    </Card>
  );
}
