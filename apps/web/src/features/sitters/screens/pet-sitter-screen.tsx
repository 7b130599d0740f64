import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCalendarPlus, IconMapPin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { ApiAvatar } from '../../../components/ui/api-avatar';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { getErrorMessage, isMissingRecord } from '../../../lib/api-error';
import { isProviderUser } from '../../../lib/roles';
import { NextFreeDates, WeeklyHours } from '../../availability';
import { PetKinds, RatingSummary, ServiceRates, VerifiedBadge } from '../components/sitter-badges';
import { SitterReviews } from '../components/sitter-reviews';
import { fullName, offersServices } from '../format';
import {
  bookingQuery,
  filtersFromParams,
  searchQuery,
  type SitterPageState,
} from '../hooks/use-sitter-filters';
import { SITTER_MESSAGES, sittersApi, type SitterProfile } from '../sitters-api';
import { formatMonth } from '../../../lib/dates';

type Loaded = {
  id: string;
  sitter: SitterProfile | null;
  error: string | null;
  /** The id is no sitter's: nothing to retry, the list is the way on. */
  notFound?: boolean;
};

/**
 * "All sitters" returns to the search the sitter was opened from: its query comes in router state
 * (from the card or the map); without it, the service and dates this page carries.
 */
function useSearchBack(): string {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const from = (state as SitterPageState | null)?.search;
  const query = searchQuery(
    filtersFromParams(typeof from === 'string' ? new URLSearchParams(from) : params),
  );
  return query ? `${paths.petSitters}?${query}` : paths.petSitters;
}

const memberSince = formatMonth;

function SitterDetails({ sitter }: { sitter: SitterProfile }) {
  const viewer = useAppSelector((s) => s.auth.user);
  const name = fullName(sitter);
  const place = [sitter.city, sitter.state, sitter.country].filter(Boolean).join(', ');
  const canBook = sitter.userType === 'provider' && !isProviderUser(viewer);
  // The search that led here (service, dates) fills in the request form.
  const [params] = useSearchParams();
  const search = bookingQuery(filtersFromParams(params));
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="xl">
        <Group align="flex-start" gap="xl">
          <ApiAvatar path={sitter.image} name={name} size={120} radius="50%" color="pawsy" />
          <Stack gap={8} style={{ flex: 1, minWidth: 220 }}>
            <Group gap="sm">
              <Title order={1}>{name}</Title>
              <VerifiedBadge sitter={sitter} />
              {sitter.userType === 'provider' && <Badge variant="outline">Pet sitter</Badge>}
            </Group>
            {sitter.headline && <Text size="lg">{sitter.headline}</Text>}
            {place && (
              <Group gap={4} c="dark.4">
                <IconMapPin size={16} aria-hidden="true" />
                <Text size="sm">{place}</Text>
              </Group>
            )}
            <RatingSummary rating={sitter.rating} />
            <Text size="sm" c="dark.4">
              Member since {memberSince(sitter.memberSince)}
            </Text>
            {canBook && !offersServices(sitter) && (
              <Text size="sm" c="dark.4" mt="xs">
                {sitter.firstName} has not listed a service yet, so they cannot be booked.
              </Text>
            )}
            {canBook && offersServices(sitter) && (
              <Button
                component={Link}
                to={`${paths.requestForm}?providerId=${encodeURIComponent(sitter._id)}${search ? `&${search}` : ''}`}
                leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
                size="md"
                w="fit-content"
                mt="xs"
              >
                Request a booking
              </Button>
            )}
          </Stack>
        </Group>
      </Paper>
      <Paper component="section" withBorder radius="lg" p="xl" aria-labelledby="sitter-services">
        <Title id="sitter-services" order={2} size="h3" mb="sm">
          Services and rates
        </Title>
        <ServiceRates {...sitter} />
        {sitter.userType === 'provider' && <PetKinds kinds={sitter.pet_prefrences} mt="sm" />}
      </Paper>
      {sitter.userType === 'provider' && (
        <Paper component="section" withBorder radius="lg" p="xl" aria-labelledby="sitter-hours">
          <Title id="sitter-hours" order={2} size="h3" mb="sm">
            Availability
          </Title>
          <Stack gap="sm">
            <NextFreeDates dates={sitter.nextFreeDates} />
            <WeeklyHours userId={sitter._id} />
          </Stack>
        </Paper>
      )}
      <Paper component="section" withBorder radius="lg" p="xl" aria-labelledby="sitter-about">
        <Title id="sitter-about" order={2} size="h3" mb="sm">
          About {sitter.firstName}
        </Title>
        <Text style={{ whiteSpace: 'pre-line' }} c={sitter.bio ? undefined : 'dark.4'}>
          {sitter.bio || `${sitter.firstName} has not written a bio yet.`}
        </Text>
      </Paper>
      <Paper component="section" withBorder radius="lg" p="xl" aria-labelledby="sitter-reviews">
        <Title id="sitter-reviews" order={2} size="h3" mb="sm">
          Reviews
        </Title>
        {sitter.rating.count > 0 && <RatingSummary rating={sitter.rating} />}
        <Text size="sm" c="dark.4" mt="xs" mb="md">
          Reviews come from owners after completed bookings.
        </Text>
        <SitterReviews key={sitter._id} userId={sitter._id} />
      </Paper>
    </Stack>
  );
}

export default function PetSitterScreen() {
  const { id = '' } = useParams();
  const backToSearch = useSearchBack();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const current = loaded?.id === id ? loaded : null;
  usePageTitle(current?.sitter ? fullName(current.sitter) : 'Sitter profile');

  useEffect(() => {
    let isLive = true;
    // GET /api/user/{id} answers for any member; only a provider has a sitter profile.
    const notFound = { id, sitter: null, error: SITTER_MESSAGES.notFound, notFound: true };
    sittersApi.get(id).then(
      (user) =>
        isLive && setLoaded(isProviderUser(user) ? { id, sitter: user, error: null } : notFound),
      (error: unknown) =>
        isLive &&
        setLoaded(
          isMissingRecord(error)
            ? notFound
            : { id, sitter: null, error: getErrorMessage(error, SITTER_MESSAGES.detailFailed) },
        ),
    );
    return () => {
      isLive = false;
    };
  }, [id]);

  return (
    <Container size="md" py={{ base: 32, sm: 48 }}>
      <Anchor component={Link} to={backToSearch} size="sm" mb="md" display="inline-flex">
        <IconArrowLeft size={16} aria-hidden="true" style={{ marginRight: 4 }} />
        All sitters
      </Anchor>
      {!current && (
        <Stack role="status" aria-label="Loading the sitter's profile">
          <Skeleton h={200} radius="lg" />
          <Skeleton h={120} radius="lg" />
        </Stack>
      )}
      {current?.error && (
        <Title order={1} mb="md">
          Sitter profile
        </Title>
      )}
      {current?.error && (
        <Alert color="red" role="alert" title="Sitter profile">
          {current.error}
        </Alert>
      )}
      {current?.sitter && <SitterDetails sitter={current.sitter} />}
    </Container>
  );
}
