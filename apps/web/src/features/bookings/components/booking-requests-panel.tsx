import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { paths, toPath } from '../../../config/paths';
import { useEffect, useRef, useState } from 'react';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { useAppDispatch } from '../../../app/hooks';
import { ApiAvatar } from '../../../components/ui/api-avatar';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { getErrorMessage } from '../../../lib/api-error';
import { decideBookingRequest } from '../booking-slice';
import {
  BOOKING_MESSAGES,
  bookingsApi,
  type Booking,
  type BookingRequest,
  type Decision,
} from '../bookings-api';
import type { BookingRequests } from '../hooks/use-booking-requests';
import { DecisionButtons, pendingDecision } from './decision-buttons';
import { DeclineInvitationModal } from './decline-invitation-modal';
import { WithdrawApplicationModal } from './withdraw-application-modal';
import { fullName } from '../lib/booking-format';
import { SUMMARY_TITLE_ID } from './booking-summary';
import { canDecide } from '../lib/booking-permissions';
import { quoteFor, useApplicantProfiles } from './applicant-rates';
import { RatingSummary, VerifiedBadge } from '../../sitters';

const STATE_COLORS: Record<BookingRequest['state'], string> = {
  pending: 'yellow.8',
  accepted: 'green.9',
  rejected: 'red.8',
  withdrawn: 'gray.7',
  closed: 'gray.7',
};

/**
 * What the owner's panel says before any request is listed: a direct request names its sitter
 * (its request reaches them once the card part is paid), only an open one has asked nobody.
 */
function ownerEmptyText(booking: Booking): string {
  // A direct request whose card payment was cancelled never reached its sitter (the booking
  // ended there and no longer names them).
  if (booking.payment.status === 'cancelled')
    return 'The card payment was cancelled, so no sitter was asked.';
  if (booking.status === 'cancelled') return 'No sitter took this booking before it was cancelled.';
  if (!booking.provider_id || !booking.provider)
    return 'No sitter has applied or been invited yet.';
  const name = fullName(booking.provider);
  return booking.payment.status === 'awaiting'
    ? `${name} gets your request once it is paid.`
    : `You asked ${name} directly.`;
}

const REQUESTS_TITLE_ID = 'requests-title';
const REQUESTS_ERROR_ID = 'requests-error';

/** Requests on a booking (loaded by useBookingRequests) with Accept/Reject for whoever decides. */
export function BookingRequestsPanel({
  booking,
  userId,
  requests,
}: {
  booking: Booking;
  userId: string;
  requests: BookingRequests;
}) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  // A decision takes its buttons away (the request is decided): the focus goes to the panel's
  // heading, or to the alert saying why it failed, rather than falling to <body>.
  const focusNext = useFocusAfterRender();
  // A sitter's own decision (an invitation accepted or declined) takes the whole panel away:
  // the focus then goes to the booking's heading, beside its new status.
  const decided = useRef(false);
  useEffect(
    () => () => {
      const focused = document.activeElement;
      if (decided.current && (focused === null || focused === document.body))
        document.getElementById(SUMMARY_TITLE_ID)?.focus();
    },
    [],
  );

  const isOwner = booking.user_id === userId;
  const navigate = useNavigate();
  const [withdrawing, setWithdrawing] = useState(false);
  // A sitter's own application, still undecided, may be taken back here as on the board.
  const mayWithdraw = (request: BookingRequest) =>
    !isOwner &&
    request.providerId === userId &&
    request.state === 'pending' &&
    request.initiatedBy !== 'owner';
  const withdraw = async () => {
    setBusy('withdraw');
    setActionError(null);
    try {
      await bookingsApi.withdrawRequest(booking._id);
    } catch (error) {
      setBusy(null);
      setWithdrawing(false);
      setActionError(getErrorMessage(error, BOOKING_MESSAGES.withdrawFailed));
      focusNext(REQUESTS_ERROR_ID);
      return;
    }
    // Withdrawn, the sitter is off the booking (404 from now on): back to the board, told so.
    notifications.show({ color: 'green', message: 'You withdrew your application.' });
    void navigate(paths.requestPage);
  };
  const decide = async (request: BookingRequest, decision: Decision) => {
    setBusy(`${request.providerId}:${decision}`);
    setActionError(null);
    // Set before the answer: the answer's render may take the panel away before this goes on.
    decided.current = true;
    const result = await dispatch(
      decideBookingRequest({ id: booking._id, providerId: request.providerId, decision }),
    );
    const failed = decideBookingRequest.rejected.match(result);
    if (failed) decided.current = false;
    // Said as well as shown (the toast is announced): the badge alone changes silently.
    if (!failed && decision === 'accepted')
      notifications.show({
        color: 'green',
        message: isOwner
          ? `You accepted ${fullName(request.provider)}.`
          : `You accepted ${fullName(booking.owner)}'s request.`,
      });
    // A sitter who declined is no longer on the booking (the API answers 404 to them from now
    // on): they go back to their bookings, told what happened, rather than onto a page that fails.
    if (!failed && !isOwner && decision === 'rejected') {
      notifications.show({
        color: 'green',
        message: `You declined ${fullName(booking.owner)}'s request.`,
      });
      void navigate(paths.bookings);
      return;
    }
    focusNext(failed ? REQUESTS_ERROR_ID : REQUESTS_TITLE_ID);
    setBusy(null);
    if (failed) setActionError(result.payload ?? BOOKING_MESSAGES.statusFailed);
    requests.reload();
  };

  // The owner compares applicants by what accepting each would cost (their rate × the units).
  const showsRates = isOwner && booking.status === 'pending' && !booking.price;
  const profiles = useApplicantProfiles(
    showsRates && requests.data ? requests.data.map((r) => r.providerId) : null,
  );
  const profileOf = (request: BookingRequest) =>
    showsRates ? (profiles?.get(request.providerId) ?? null) : null;
  const quoteOf = (request: BookingRequest) => quoteFor(booking, profileOf(request));
  const [confirming, setConfirming] = useState<{
    request: BookingRequest;
    decision: Decision;
  } | null>(null);
  const toAccept = confirming?.decision === 'accepted' ? confirming.request : null;
  const toDecline = confirming?.decision === 'rejected' ? confirming.request : null;
  const acceptQuote = toAccept ? quoteOf(toAccept) : null;
  const confirm = () => {
    setConfirming(null);
    if (confirming) void decide(confirming.request, confirming.decision);
  };
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={REQUESTS_TITLE_ID}>
      <Title id={REQUESTS_TITLE_ID} order={2} size="h4" tabIndex={-1}>
        {isOwner ? 'Sitters' : 'Your request'}
      </Title>
      {actionError && (
        <Alert color="red" role="alert" mt="sm" id={REQUESTS_ERROR_ID} tabIndex={-1}>
          {actionError}
        </Alert>
      )}
      {requests.isLoading && !requests.data ? (
        <Skeleton height={56} mt="sm" aria-label="Loading requests" />
      ) : requests.error ? (
        <Alert color="red" role="alert" mt="sm">
          {requests.error}
        </Alert>
      ) : !requests.data || requests.data.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {isOwner ? ownerEmptyText(booking) : 'No request yet.'}
        </Text>
      ) : (
        <Stack mt="sm" gap="sm">
          {requests.data.map((request) => {
            const name = fullName(request.provider);
            const mayDecide = canDecide(booking, request, userId);
            const profile = profileOf(request);
            const quote = quoteFor(booking, profile);
            return (
              <Group
                key={request._id}
                justify="space-between"
                aria-label={`Request from ${name}`}
                role="group"
              >
                <Group gap="sm">
                  <ApiAvatar path={request.provider.image} name={name} radius="xl" size="sm" />
                  <div>
                    {isOwner ? (
                      <Anchor
                        component={Link}
                        to={toPath(paths.petSitter, { id: request.providerId })}
                        fw={600}
                        size="sm"
                      >
                        {name}
                      </Anchor>
                    ) : (
                      <Text fw={600} size="sm">
                        {name}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {request.initiatedBy === 'owner' ? 'Invited by the owner' : 'Applied'}
                    </Text>
                    {profile && (
                      // What the owner weighs besides the price: reviews and a checked identity.
                      <Group gap="xs" data-testid="applicant-standing">
                        <RatingSummary rating={profile.rating} size="xs" />
                        <VerifiedBadge sitter={profile} />
                      </Group>
                    )}
                    {quote && (
                      <Text size="xs" data-testid="applicant-price">
                        {quote.rate}
                        {quote.isSuggested ? ' (suggested)' : ''} · {quote.price}
                      </Text>
                    )}
                  </div>
                  <Badge color={STATE_COLORS[request.state]} variant="dot">
                    {request.state}
                  </Badge>
                </Group>
                {mayWithdraw(request) && (
                  <Button
                    variant="default"
                    size="xs"
                    loading={busy === 'withdraw'}
                    onClick={() => setWithdrawing(true)}
                  >
                    Withdraw
                  </Button>
                )}
                {mayDecide && (
                  <DecisionButtons
                    pending={pendingDecision(busy, (d) => `${request.providerId}:${d}`)}
                    isBusy={busy !== null}
                    onDecide={(decision) =>
                      // The owner confirms an acceptance (it closes the other requests) and an
                      // invited sitter a refusal (it may end the booking), as on the board.
                      isOwner === (decision === 'accepted')
                        ? setConfirming({ request, decision })
                        : void decide(request, decision)
                    }
                    subject={isOwner ? name : undefined}
                  />
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      <WithdrawApplicationModal
        request={withdrawing ? { booking } : null}
        isSubmitting={busy === 'withdraw'}
        onClose={() => setWithdrawing(false)}
        onConfirm={() => void withdraw()}
      />
      <ConfirmDialog
        opened={toAccept !== null}
        title={toAccept ? `Accept ${fullName(toAccept.provider)}?` : 'Accept'}
        keepLabel="Keep looking"
        confirmLabel="Yes, accept"
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
      >
        <Text size="sm">
          {acceptQuote
            ? `The booking is priced at their rate: ${acceptQuote.price}.`
            : 'The booking is priced at their rate for this service.'}{' '}
          {/* An open booking takes no card payment (docs/decisions.md): said before, not after. */}
          {booking.payment.status === 'none' && booking.creditsApplied <= 0
            ? 'It is not charged through Pawsy: no card payment or credits are taken for it. '
            : ''}
          The other requests are closed.
        </Text>
      </ConfirmDialog>
      <DeclineInvitationModal
        booking={toDecline ? booking : null}
        isSubmitting={false}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </Paper>
  );
}
