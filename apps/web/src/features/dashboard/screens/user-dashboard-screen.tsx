import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconBell,
  IconCalendarEvent,
  IconCoin,
  IconInbox,
  IconPaw,
  IconSearch,
  IconShieldCheck,
  IconShieldExclamation,
  IconUser,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { readSession } from '../../../lib/session';
import { isKycWithdrawn } from '../../kyc';
import { CreditsCard } from '../../credits';
import { useLiveRefresh } from '../../notifications';
import { StatCards, UpcomingBookings, type Stat } from '../components/dashboard-parts';
import { USER_DASHBOARD_FAILED, dashboardApi, type UserDashboard } from '../dashboard-api';

type Loaded = { data: UserDashboard | null; error: string | null };

/** By the local hour: morning 05:00–11:59, afternoon 12:00–17:59, evening the rest (02:00 too). */
function greeting(now = new Date()): string {
  const hour = now.getHours();
  if (hour >= 5 && hour < 12) return 'Good morning';
  return hour >= 12 && hour < 18 ? 'Good afternoon' : 'Good evening';
}

/** What verifying does for each side: only sitters carry a badge others see (sitter cards). */
function kycNote(dashboard: UserDashboard): string {
  const isProvider = dashboard.user.userType === 'provider';
  if (dashboard.user.KYC_verified)
    return isProvider
      ? 'Your ID check is complete: owners see your verified badge.'
      : 'Your ID check is complete.';
  if (isKycWithdrawn(dashboard.kycStatus, dashboard.user.KYC_verified))
    return 'An admin has withdrawn your verified status: send your documents again to be checked.';
  const status = dashboard.kycStatus === 'NOT_VERIFIED' ? 'not verified' : dashboard.kycStatus;
  return isProvider
    ? `KYC status: ${status}. Owners see an "ID verified" badge on a verified sitter's card and profile.`
    : `KYC status: ${status}. A Pawsy admin checks your ID; only you and the reviewers see your documents.`;
}

function KycCard({ dashboard }: { dashboard: UserDashboard }) {
  const isVerified = dashboard.user.KYC_verified;
  return (
    <Alert
      color={isVerified ? 'pawsy' : 'yellow'}
      icon={
        isVerified ? (
          <IconShieldCheck aria-hidden="true" />
        ) : (
          <IconShieldExclamation aria-hidden="true" />
        )
      }
      title={isVerified ? 'Identity verified' : 'Verify your identity'}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{kycNote(dashboard)}</Text>
        {!isVerified && (
          <Button component={Link} to={paths.kyc} size="xs">
            Go to verification
          </Button>
        )}
      </Group>
    </Alert>
  );
}

function Dashboard({ dashboard, userId }: { dashboard: UserDashboard; userId: string }) {
  const isProvider = dashboard.user.userType === 'provider';
  // Credits pay for bookings, which sitters do not make: shown to a sitter only if they hold some.
  const showsCredits = !isProvider || dashboard.creditsBalance > 0;
  const stats: Stat[] = [
    ...(isProvider
      ? []
      : [
          {
            label: 'Pets',
            value: String(dashboard.pets),
            icon: <IconPaw size={20} />,
            to: paths.petDetails,
          },
        ]),
    {
      label: 'Upcoming bookings',
      value: String(dashboard.upcomingTotal),
      icon: <IconCalendarEvent size={20} />,
      to: paths.bookings,
    },
    {
      label: 'Unread notifications',
      value: String(dashboard.notificationsUnread),
      icon: <IconBell size={20} />,
    },
    ...(showsCredits
      ? [
          {
            label: 'Credits balance',
            value: formatCents(dashboard.creditsBalance, dashboard.currency),
            icon: <IconCoin size={20} />,
          },
        ]
      : []),
  ];
  const actions = isProvider
    ? [
        { label: 'View requests', to: paths.requestPage, icon: <IconInbox size={18} /> },
        { label: 'My bookings', to: paths.bookings, icon: <IconCalendarEvent size={18} /> },
        { label: 'Edit my profile and rates', to: paths.profile, icon: <IconUser size={18} /> },
      ]
    : [
        { label: 'Find a sitter', to: paths.petSitters, icon: <IconSearch size={18} /> },
        { label: 'My pets', to: paths.petDetails, icon: <IconPaw size={18} /> },
        { label: 'My bookings', to: paths.bookings, icon: <IconCalendarEvent size={18} /> },
      ];
  return (
    <Stack gap="xl">
      <KycCard dashboard={dashboard} />
      <section aria-label="At a glance">
        <StatCards stats={stats} />
      </section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper component="section" withBorder radius="lg" p="lg" aria-labelledby="dash-next">
          <Title id="dash-next" order={2} size="h4" mb="md">
            Next bookings
          </Title>
          <UpcomingBookings bookings={dashboard.upcomingBookings} asSitter={isProvider} />
        </Paper>
        <Paper component="section" withBorder radius="lg" p="lg" aria-labelledby="dash-actions">
          <Title id="dash-actions" order={2} size="h4" mb="md">
            Quick actions
          </Title>
          <Stack gap="sm">
            {actions.map((action, index) => (
              <Button
                key={action.to}
                component={Link}
                to={action.to}
                variant={index === 0 ? 'filled' : 'default'}
                leftSection={<span aria-hidden="true">{action.icon}</span>}
                justify="flex-start"
              >
                {action.label}
              </Button>
            ))}
          </Stack>
        </Paper>
        {showsCredits && <CreditsCard userId={userId} history={5} />}
      </SimpleGrid>
    </Stack>
  );
}

function DashboardSkeleton() {
  return (
    <Stack role="status" aria-label="Loading your dashboard">
      <Skeleton h={72} radius="md" />
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={84} radius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton h={220} radius="lg" />
    </Stack>
  );
}

/** The owner's or sitter's home: verification, counts, next bookings and quick actions. */
export default function UserDashboardScreen() {
  usePageTitle('Your dashboard');
  const stateUserId = useAppSelector((s) => s.auth.user?.id);
  const userId = stateUserId ?? readSession()?.user.id ?? null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [round, setRound] = useState(0);
  // Any news (a booking moved, a new unread one) or "Mark all read" in the bell changes the
  // figures: fetch them again, keeping the last ones on screen meanwhile.
  useLiveRefresh(
    () => true,
    () => setRound((n) => n + 1),
  );

  useEffect(() => {
    if (!userId) return undefined;
    let isLive = true;
    dashboardApi.get(userId).then(
      (data) => isLive && setLoaded({ data, error: null }),
      (error: unknown) =>
        isLive && setLoaded({ data: null, error: getErrorMessage(error, USER_DASHBOARD_FAILED) }),
    );
    return () => {
      isLive = false;
    };
  }, [userId, round]);

  const firstName = loaded?.data?.user.firstName;
  return (
    <Container size="lg" py={{ base: 32, sm: 48 }}>
      <Title order={1} mb="lg">
        {firstName ? `${greeting()}, ${firstName}` : 'Your dashboard'}
      </Title>
      {!loaded && <DashboardSkeleton />}
      {loaded?.error && (
        <Alert color="red" role="alert">
          {loaded.error}
        </Alert>
      )}
      {loaded?.data && userId && <Dashboard dashboard={loaded.data} userId={userId} />}
    </Container>
  );
}
