import { Alert, Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { getErrorMessage } from '../../../lib/api-error';
import { isProviderUser } from '../../../lib/roles';
import { decideBookingRequest } from '../booking-slice';
import { BOOKING_MESSAGES, bookingsApi, type Booking, type Decision } from '../bookings-api';
import { BookingCard } from '../components/booking-card';
import { BookingListSkeleton } from '../components/booking-list-skeleton';
import { useCurrentUser } from '../hooks/use-current-user';
import { useLoad } from '../hooks/use-load';
import { loadProviderBoard, type BoardItem } from '../lib/provider-board';

function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | null;
  children: React.ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <Title id={id} order={2} size="h3" mb="sm">
        {title}
      </Title>
      {empty ? <Text c="dimmed">{empty}</Text> : <Stack>{children}</Stack>}
    </section>
  );
}

export default function RequestPageScreen() {
  usePageTitle('Booking requests');
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const userId = user?.id ?? '';
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const loadBoard = useCallback(async () => {
    try {
      return await loadProviderBoard(userId);
    } catch (error) {
      throw new Error(getErrorMessage(error, BOOKING_MESSAGES.listFailed));
    }
  }, [userId]);
  const board = useLoad(userId || null, loadBoard, BOOKING_MESSAGES.listFailed);

  const loadInProgress = useCallback(async (): Promise<Booking[]> => {
    try {
      return (await bookingsApi.listProvider({ status: 'in-progress' })).data.data;
    } catch (error) {
      throw new Error(getErrorMessage(error, BOOKING_MESSAGES.inProgressFailed));
    }
  }, []);
  const inProgress = useLoad(userId || null, loadInProgress, BOOKING_MESSAGES.inProgressFailed);

  const act = async (key: string, run: () => Promise<string | null>) => {
    setBusy(key);
    setActionError(null);
    const problem = await run();
    setBusy(null);
    if (problem) setActionError(problem);
    board.reload();
  };
  const apply = (booking: Booking) =>
    act(`apply:${booking._id}`, async () => {
      try {
        await bookingsApi.sendRequest(booking._id);
        return null;
      } catch (error) {
        return getErrorMessage(error, 'Failed to send request');
      }
    });
  const decide = (booking: Booking, decision: Decision) =>
    act(`${decision}:${booking._id}`, async () => {
      const result = await dispatch(
        decideBookingRequest({ id: booking._id, providerId: userId, decision }),
      );
      return decideBookingRequest.rejected.match(result)
        ? (result.payload ?? BOOKING_MESSAGES.statusFailed)
        : null;
    });

  if (!isProviderUser(user))
    return (
      <Container size="md" py="xl">
        <Title order={1}>Booking requests</Title>
        <Alert mt="lg" color="yellow">
          This board is for sitters: it lists open requests from pet owners nearby.
        </Alert>
      </Container>
    );

  const invitationButtons = ({ booking }: BoardItem) => (
    <Group mt="sm">
      <Button
        size="xs"
        loading={busy === `accepted:${booking._id}`}
        disabled={busy !== null}
        onClick={() => void decide(booking, 'accepted')}
      >
        Accept
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red.8"
        loading={busy === `rejected:${booking._id}`}
        disabled={busy !== null}
        onClick={() => void decide(booking, 'rejected')}
      >
        Reject
      </Button>
    </Group>
  );
  const openFooter = ({ booking, myRequest }: BoardItem) =>
    myRequest ? (
      <Badge mt="sm" variant="light" color={myRequest.state === 'pending' ? 'yellow.8' : 'gray.7'}>
        {myRequest.state === 'pending'
          ? 'Applied, waiting for the owner'
          : `Request ${myRequest.state}`}
      </Badge>
    ) : (
      <Group mt="sm">
        <Button
          size="xs"
          loading={busy === `apply:${booking._id}`}
          disabled={busy !== null}
          onClick={() => void apply(booking)}
        >
          Apply
        </Button>
      </Group>
    );

  return (
    <Container size="md" py="xl">
      <Title order={1}>Booking requests</Title>
      <Text c="dimmed">
        Answer invitations, apply to open requests nearby and follow your stays.
      </Text>
      {actionError && (
        <Alert color="red" role="alert" mt="md">
          {actionError}
        </Alert>
      )}
      <Stack mt="lg" gap="xl">
        {board.isLoading && !board.data ? (
          <BookingListSkeleton />
        ) : board.error ? (
          <Alert color="red" role="alert">
            {board.error}
          </Alert>
        ) : board.data ? (
          <>
            <Section
              title="Invitations"
              empty={board.data.invitations.length ? null : 'No invitations right now.'}
            >
              {board.data.invitations.map((item) => (
                <BookingCard key={item.booking._id} booking={item.booking} viewAs="provider">
                  {invitationButtons(item)}
                </BookingCard>
              ))}
            </Section>
            <Section
              title="Open requests nearby"
              empty={board.data.open.length ? null : 'No open requests for your services nearby.'}
            >
              {board.data.open.map((item) => (
                <BookingCard key={item.booking._id} booking={item.booking} viewAs="provider">
                  {openFooter(item)}
                </BookingCard>
              ))}
            </Section>
          </>
        ) : null}
        {inProgress.isLoading && !inProgress.data ? (
          <BookingListSkeleton count={1} />
        ) : inProgress.error ? (
          <Alert color="red" role="alert">
            {inProgress.error}
          </Alert>
        ) : (
          <Section
            title="In progress"
            empty={inProgress.data?.length ? null : 'Nothing in progress.'}
          >
            {(inProgress.data ?? []).map((booking) => (
              <BookingCard key={booking._id} booking={booking} viewAs="provider" />
            ))}
          </Section>
        )}
      </Stack>
    </Container>
  );
}
