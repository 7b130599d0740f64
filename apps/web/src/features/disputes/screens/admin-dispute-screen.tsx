import { Alert, Anchor, Container, Grid, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { BookingSummary, BookingTimeline, fetchBooking } from '../../bookings';
import { AdminDisputeActions } from '../components/admin-dispute-actions';
import { ChatTranscript } from '../components/chat-transcript';
import { DisputeCreditsPanel } from '../components/dispute-credits-panel';
import { DisputeDetails } from '../components/dispute-details';
import { DisputeLoader } from '../components/dispute-loader';

/** The booking under dispute: summary and timeline with check-ins, from the bookings feature. */
function DisputedBooking({ bookingId }: { bookingId: string }) {
  const dispatch = useAppDispatch();
  const { current, status, error } = useAppSelector((state) => state.booking);
  useEffect(() => {
    void dispatch(fetchBooking(bookingId));
  }, [dispatch, bookingId]);
  if (current && current._id === bookingId)
    return (
      <>
        <BookingSummary booking={current} />
        <BookingTimeline booking={current} />
      </>
    );
  if (status === 'failed')
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  return <Skeleton height={160} radius="lg" aria-label="Loading booking" />;
}

/** /admin/dispute/{disputeId}: both sides, the booking, its chat, and the decision. */
export default function AdminDisputeScreen() {
  usePageTitle('Resolve a dispute');
  const { disputeId = '' } = useParams();
  return (
    <Container size="xl" py="xl">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Title order={1}>Resolve a dispute</Title>
          <Anchor component={Link} to={paths.adminDisputes}>
            All disputes
          </Anchor>
        </Group>
        <DisputeLoader
          id={disputeId}
          back={{ to: paths.adminDisputes, label: 'Back to all disputes' }}
        >
          {(dispute) => (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack>
                  <DisputeDetails dispute={dispute} />
                  <DisputedBooking bookingId={dispute.bookingId} />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Stack>
                  <AdminDisputeActions dispute={dispute} />
                  <DisputeCreditsPanel dispute={dispute} />
                  <ChatTranscript bookingId={dispute.bookingId} />
                </Stack>
              </Grid.Col>
            </Grid>
          )}
        </DisputeLoader>
      </Stack>
    </Container>
  );
}
