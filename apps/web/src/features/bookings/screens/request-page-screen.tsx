import { Alert, Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { LoadMore } from '../../../components/ui/load-more';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { getErrorMessage } from '../../../lib/api-error';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { isProviderUser } from '../../../lib/roles';
import { decideBookingRequest } from '../booking-slice';
import {
  BOOKING_MESSAGES,
  bookingsApi,
  type Booking,
  type Decision,
  type MyRequest,
} from '../bookings-api';
import { BoardSection as Section, boardSectionId } from '../components/board-section';
import { BookingCard, type CardBooking } from '../components/booking-card';
import { BookingListSkeleton } from '../components/booking-list-skeleton';
import { CannotApplyNote } from '../components/cannot-apply-note';
import { DeclineInvitationModal } from '../components/decline-invitation-modal';
import { InvitationDecision } from '../components/invitation-decision';
import { SeriesRequestsSection } from '../components/series-requests-section';
import { WithdrawApplicationModal } from '../components/withdraw-application-modal';
import { useCurrentUser } from '../../auth';
import { announceDecision } from '../components/announce-decision';
import type { BoardItem } from '../lib/provider-board';
import { useRequestBoard } from './use-request-board';

const APPLICATION_LABELS: Record<MyRequest['state'], string> = {
  pending: 'Applied, waiting for the owner',
  accepted: 'Accepted by the owner',
  rejected: 'Declined by the owner',
  withdrawn: 'Withdrawn',
  closed: 'Closed: the booking went to another sitter or ended',
};

/** The state an open booking's card shows once applied to, where focus goes after Apply. */
const openStateId = (bookingId: string) => `open-state-${bookingId}`;
/** The alert saying why an action failed, where focus goes then (its button was disabled). */
const ACTION_ERROR_ID = 'request-action-error';

export default function RequestPageScreen() {
  usePageTitle('Booking requests');
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const userId = user?.id ?? '';
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [toWithdraw, setToWithdraw] = useState<MyRequest | null>(null);
  const [toDecline, setToDecline] = useState<MyRequest | null>(null);
  // An answer removes the button pressed (its card leaves the list, or Apply becomes a state):
  // focus goes to what stands in its place once that is on screen, not to <body>.
  const focusNext = useFocusAfterRender();

  // Only a sitter's board is loaded: the lists are theirs (others see the note below).
  const { board, feed, openItems, inProgress } = useRequestBoard(
    isProviderUser(user) ? userId : '',
  );

  const act = async (key: string, run: () => Promise<string | null>) => {
    setBusy(key);
    setActionError(null);
    const problem = await run();
    setBusy(null);
    if (problem) {
      setActionError(problem);
      focusNext(ACTION_ERROR_ID);
    }
    // The sitter's requests changed; the open list too when an invitation was answered or an
    // application withdrawn (a booking withdrawn from is no longer open to this sitter).
    board.reload();
    if (/^(accepted|rejected|withdraw):/.test(key)) feed.reload();
  };
  const apply = (booking: Booking) =>
    act(`apply:${booking._id}`, async () => {
      try {
        await bookingsApi.sendRequest(booking._id);
        focusNext(openStateId(booking._id));
        return null;
      } catch (error) {
        return getErrorMessage(error, 'Failed to send request');
      }
    });
  const withdraw = (request: MyRequest) =>
    act(`withdraw:${request.bookingId}`, async () => {
      try {
        await bookingsApi.withdrawRequest(request.bookingId);
        setToWithdraw(null);
        focusNext(boardSectionId('My applications'));
        return null;
      } catch (error) {
        setToWithdraw(null);
        return getErrorMessage(error, BOOKING_MESSAGES.withdrawFailed);
      }
    });
  const decide = (booking: CardBooking, decision: Decision) =>
    act(`${decision}:${booking._id}`, async () => {
      const result = await dispatch(
        decideBookingRequest({ id: booking._id, providerId: userId, decision }),
      );
      setToDecline(null);
      if (decideBookingRequest.rejected.match(result))
        return result.payload ?? BOOKING_MESSAGES.statusFailed;
      announceDecision(booking, decision, (to) => void navigate(to));
      focusNext(boardSectionId('Invitations'));
      return null;
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

  const stateBadge = (request: MyRequest, id?: string) => (
    <Badge
      variant="dot"
      color={request.state === 'pending' ? 'yellow.8' : 'gray.7'}
      id={id}
      tabIndex={id ? -1 : undefined}
    >
      {request.state === 'accepted' && request.booking.status === 'cancelled'
        ? 'Accepted, then cancelled'
        : APPLICATION_LABELS[request.state]}
    </Badge>
  );
  const applicationFooter = (request: MyRequest) => (
    <Group mt="sm">
      {stateBadge(request)}
      {request.state === 'pending' && (
        <Button
          size="xs"
          variant="outline"
          color="red.8"
          loading={busy === `withdraw:${request.bookingId}`}
          disabled={busy !== null}
          onClick={() => setToWithdraw(request)}
        >
          Withdraw
        </Button>
      )}
    </Group>
  );
  const openFooter = ({ booking, myRequest }: BoardItem) =>
    myRequest ? (
      <Group mt="sm">{stateBadge(myRequest, openStateId(booking._id))}</Group>
    ) : booking.cannotApply ? (
      <CannotApplyNote reason={booking.cannotApply} />
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
        <Alert color="red" role="alert" mt="md" id={ACTION_ERROR_ID} tabIndex={-1}>
          {actionError}
        </Alert>
      )}
      <Stack mt="lg" gap="xl">
        <SeriesRequestsSection userId={userId} />
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
              {board.data.invitations.map((request) => (
                <BookingCard key={request._id} booking={request.booking} viewAs="provider">
                  <InvitationDecision
                    invitation={request}
                    busy={busy}
                    onDecide={(decision) =>
                      decision === 'rejected'
                        ? setToDecline(request)
                        : void decide(request.booking, decision)
                    }
                  />
                </BookingCard>
              ))}
            </Section>
            <Section
              title="My applications"
              empty={board.data.applications.length ? null : 'You have not applied to any booking.'}
            >
              {board.data.applications.map((request) => (
                <BookingCard key={request._id} booking={request.booking} viewAs="provider">
                  {applicationFooter(request)}
                </BookingCard>
              ))}
            </Section>
          </>
        ) : null}
        {feed.isLoading && feed.items.length === 0 ? (
          <BookingListSkeleton count={1} />
        ) : feed.error && feed.items.length === 0 ? (
          <Alert color="red" role="alert">
            {feed.error}
          </Alert>
        ) : (
          <Section
            title="Open requests nearby"
            empty={
              openItems.length || feed.hasMore
                ? null
                : 'No open requests for your services nearby. The services and place in your profile decide which requests show here.'
            }
          >
            {openItems.map((item) => (
              <BookingCard key={item.booking._id} booking={item.booking} viewAs="provider">
                {openFooter(item)}
              </BookingCard>
            ))}
            <LoadMore
              count={openItems.length}
              hasMore={feed.hasMore}
              isLoading={feed.isLoading}
              error={feed.error}
              onLoadMore={feed.loadMore}
              endLabel="No more open requests"
            />
          </Section>
        )}
        {inProgress.isLoading && inProgress.items.length === 0 ? (
          <BookingListSkeleton count={1} />
        ) : inProgress.error && inProgress.items.length === 0 ? (
          <Alert color="red" role="alert">
            {inProgress.error}
          </Alert>
        ) : (
          <Section
            title="In progress"
            empty={inProgress.items.length ? null : 'Nothing in progress.'}
          >
            {inProgress.items.map((booking) => (
              <BookingCard key={booking._id} booking={booking} viewAs="provider" />
            ))}
            <LoadMore
              count={inProgress.items.length}
              hasMore={inProgress.hasMore}
              isLoading={inProgress.isLoading}
              error={inProgress.error}
              onLoadMore={inProgress.loadMore}
              endLabel="No more bookings in progress"
            />
          </Section>
        )}
      </Stack>
      <WithdrawApplicationModal
        request={toWithdraw}
        isSubmitting={toWithdraw !== null && busy === `withdraw:${toWithdraw.bookingId}`}
        onClose={() => setToWithdraw(null)}
        onConfirm={(request) => void withdraw(request)}
      />
      <DeclineInvitationModal
        booking={toDecline?.booking ?? null}
        isSubmitting={toDecline !== null && busy === `rejected:${toDecline.booking._id}`}
        onClose={() => setToDecline(null)}
        onConfirm={() => toDecline && void decide(toDecline.booking, 'rejected')}
      />
    </Container>
  );
}
