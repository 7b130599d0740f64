import { Anchor, Container, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadError } from '../../../components/ui/load-error';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { useTimeReached } from '../../../lib/use-time-reached';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { REVIEWS_TITLE_ID, ReviewForm, ReviewList } from '../../reviews';
import { fetchBooking, reviewAdded } from '../booking-slice';
import { BOOKING_MESSAGES } from '../bookings-api';
import { BookingActions } from '../components/booking-actions';
import { BookingContactCard, sharesContact } from '../components/booking-contact-card';
import { BookingRequestsPanel } from '../components/booking-requests-panel';
import {
  InviteFailures,
  InviteSittersForm,
  isOpenForInvites,
} from '../components/invite-sitters-form';
import { BookingPets, useBookingPets } from '../components/booking-pets';
import { BookingSummary } from '../components/booking-summary';
import { BookingTimeline } from '../components/booking-timeline';
import { SeriesSection } from '../components/series-section';
import { useBookingRequests } from '../hooks/use-booking-requests';
import { chosenSpecies } from '../hooks/use-owner-pets';
import { usePaymentReturnToast } from '../hooks/use-payment-return-toast';
import { useCurrentUser } from '../../auth';
import { BookingDisputeAction } from '../../disputes';
import { concernsBooking, useLiveRefresh } from '../../notifications';
import { fullName } from '../lib/booking-format';
import { bookingActions, hasChatParty, nextActionChange, roleIn } from '../lib/booking-permissions';

function DetailsSkeleton() {
  return (
    <Stack role="status" aria-label="Loading booking">
      <Skeleton height={180} radius="lg" />
      <Skeleton height={120} radius="lg" />
    </Stack>
  );
}

export default function BookingDetailsScreen() {
  usePageTitle('Booking details');
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const user = useCurrentUser();
  const location = useLocation();
  usePaymentReturnToast();
  const failedInvites =
    (location.state as { failedInvites?: string[] } | null)?.failedInvites ?? [];
  const { current, reviews, status, error, errorRetryable } = useAppSelector(
    (state) => state.booking,
  );
  const booking = current && current._id === id ? current : null;

  // The booking kept from earlier in the tab may be out of date (completed since): what asks the
  // API for more (the contact details) waits until this visit's read is in.
  const [readId, setReadId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void dispatch(fetchBooking(id)).then(() => {
      if (live) setReadId(id);
    });
    return () => {
      live = false;
    };
  }, [dispatch, id]);
  // The other party applied, decided, started, cancelled…: show it as the bell announces it.
  useLiveRefresh(concernsBooking(id), () => void dispatch(fetchBooking(id)));

  const userId = user?.id ?? null;
  const role = booking ? roleIn(booking, userId) : 'viewer';
  // A page left open is judged again when the clock ends a Cancel or the review form.
  useTimeReached(booking ? nextActionChange(booking, userId) : Infinity);
  const allowed = booking ? bookingActions(booking, userId, reviews) : null;
  const isProviderUser = (user?.userType ?? '').toLowerCase() === 'provider';
  const showRequests =
    booking &&
    userId &&
    (role === 'owner' || (isProviderUser && role !== 'provider') || booking.status === 'pending');
  const requests = useBookingRequests(showRequests && !booking.seriesId ? booking : null);
  const otherParty = booking ? (role === 'owner' ? booking.provider : booking.owner) : null;
  // A review sent takes its form (and the focused button) away: the focus goes to the reviews.
  const focusNext = useFocusAfterRender();
  const ownedPets = useBookingPets(booking, role);
  const bookingPetIds = booking?.pets;
  const species = useMemo(
    () => chosenSpecies(ownedPets.data, bookingPetIds ?? []),
    [ownedPets.data, bookingPetIds],
  );

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Booking details</Title>
        <Anchor component={Link} to={paths.bookings}>
          All bookings
        </Anchor>
      </Group>
      {failedInvites.length > 0 && <InviteFailures failures={failedInvites} mt="md" />}
      <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
        {!booking && status === 'failed' ? (
          <LoadError
            message={error ?? BOOKING_MESSAGES.fetchFailed}
            retryable={errorRetryable ?? true}
            onRetry={() => void dispatch(fetchBooking(id))}
            backTo={paths.bookings}
            backLabel="Back to my bookings"
          />
        ) : !booking || !allowed ? (
          <DetailsSkeleton />
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack>
                <BookingSummary
                  booking={booking}
                  isOwner={role === 'owner'}
                  showPayment={role === 'owner' || !isProviderUser}
                  requests={requests.data}
                />
                <BookingPets booking={booking} role={role} owned={ownedPets} />
                <BookingActions
                  booking={booking}
                  userId={userId}
                  canChat={hasChatParty(booking, userId, requests.data)}
                  // A series visit is cancelled from its series section (this visit or the rest).
                  allowed={booking.seriesId ? { ...allowed, canCancel: false } : allowed}
                />
                {booking.seriesId && (
                  <SeriesSection
                    booking={{ ...booking, seriesId: booking.seriesId }}
                    canCancelVisit={allowed.canCancel}
                    role={role}
                  />
                )}
                <BookingDisputeAction booking={booking} userId={userId} />
                {showRequests && userId && !booking.seriesId && (
                  <BookingRequestsPanel booking={booking} userId={userId} requests={requests} />
                )}
                {role === 'owner' && userId && isOpenForInvites(booking) && (
                  <InviteSittersForm
                    booking={booking}
                    species={species}
                    asked={(requests.data ?? []).map((r) => r.providerId)}
                    onSent={requests.reload}
                  />
                )}
                <BookingTimeline booking={booking} forSitter={role === 'provider'} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack>
                {readId === id &&
                  role !== 'viewer' &&
                  booking.provider &&
                  sharesContact(booking.status) && <BookingContactCard booking={booking} />}
                {allowed.canReview && (
                  <ReviewForm
                    bookingId={booking._id}
                    subjectName={otherParty ? fullName(otherParty) : 'the other party'}
                    onReviewed={(review) => {
                      focusNext(REVIEWS_TITLE_ID);
                      dispatch(reviewAdded(review));
                      // The other party's review may become visible now (double-blind).
                      void dispatch(fetchBooking(booking._id));
                    }}
                  />
                )}
                {booking.status === 'completed' && (
                  <ReviewList reviews={reviews} viewerId={userId} />
                )}
                <Paper
                  withBorder
                  radius="lg"
                  p="md"
                  component="section"
                  aria-labelledby="policy-title"
                >
                  <Title id="policy-title" order={2} size="h4">
                    Cancellation policy
                  </Title>
                  <Text size="sm" mt="xs">
                    {booking.cancellationPolicy}
                  </Text>
                </Paper>
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </div>
    </Container>
  );
}
