import {
  Alert,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCoin,
  IconCreditCard,
  IconGavel,
  IconRefresh,
  IconShieldExclamation,
  IconUsers,
} from '@tabler/icons-react';
import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { formatCents } from '../../../lib/money';
import { StatCards, type Stat } from '../components/dashboard-parts';
import {
  BookingsByStatusChart,
  BookingsPerDayChart,
  NewUsersChart,
  UsersByRoleChart,
} from '../components/admin-charts';
import { fetchAdminDashboard, selectAdminDashboard } from '../dashboard-slice';
import type { AdminDashboard } from '../dashboard-api';
import { formatDateTime } from '../../../lib/dates';

/** SPEC §8: the fetch fallback is shown under this title. */
export const ADMIN_DASHBOARD_UNAVAILABLE = 'Unable to load admin dashboard';

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

function stats(d: AdminDashboard): Stat[] {
  return [
    { label: 'Members', value: count(d.users.total), icon: <IconUsers />, to: paths.admin },
    {
      label: 'KYC pending',
      value: count(d.kycPending),
      icon: <IconShieldExclamation />,
      to: paths.kycListing,
    },
    {
      label: 'Disputes open',
      value: count(d.disputesOpen),
      icon: <IconGavel />,
      to: `${paths.adminDisputes}?status=open`,
    },
    {
      label: 'Revenue (30 days)',
      value: formatCents(d.revenue.last30DaysCents, d.revenue.currency),
      icon: <IconCoin />,
    },
    {
      label: 'Active subscriptions',
      value: count(d.activeSubscriptions),
      icon: <IconCreditCard />,
    },
    {
      label: 'Credits granted (30 days)',
      value: formatCents(d.creditsGranted.last30DaysCents, d.creditsGranted.currency),
      icon: <IconCoin />,
    },
  ];
}

export default function AdminDashboardScreen() {
  usePageTitle('Admin dashboard');
  const dispatch = useAppDispatch();
  const { data, lastFetchedAt, loading, error } = useAppSelector(selectAdminDashboard);
  const load = useCallback(() => void fetchAdminDashboard(dispatch), [dispatch]);
  useEffect(load, [load]);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="end">
          <div>
            <Title order={1}>Admin dashboard</Title>
            <Text c="dark.4" size="sm" aria-live="polite">
              {lastFetchedAt ? (
                <>
                  Last updated <time dateTime={lastFetchedAt}>{formatDateTime(lastFetchedAt)}</time>
                </>
              ) : (
                'Not loaded yet'
              )}
            </Text>
          </div>
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={load}
            loading={loading}
          >
            Refresh
          </Button>
        </Group>

        {error && (
          <Alert
            color="red"
            role="alert"
            title={ADMIN_DASHBOARD_UNAVAILABLE}
            icon={<IconAlertTriangle aria-hidden="true" />}
          >
            {error}
          </Alert>
        )}

        {data ? (
          <>
            <section aria-label="At a glance">
              <StatCards stats={stats(data)} />
            </section>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <BookingsPerDayChart data={data} />
              <NewUsersChart data={data} />
              <BookingsByStatusChart data={data} />
              <UsersByRoleChart data={data} />
            </SimpleGrid>
            <Text size="sm" c="dark.4">
              {count(data.bookings.last30Days)} bookings created in the last 30 days.
            </Text>
          </>
        ) : (
          loading && <Skeleton h={320} radius="lg" aria-label="Loading the dashboard" />
        )}
      </Stack>
    </Container>
  );
}
