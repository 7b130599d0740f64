import { Alert, Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { LoadMore } from '../../../components/ui/load-more';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { isAdminUser, isProviderUser } from '../../../lib/roles';
import { bookingsLoaded } from '../booking-slice';
import {
  BOOKING_MESSAGES,
  BOOKINGS_PAGE_SIZE,
  bookingsApi,
  type Booking,
  type BookingStatus,
} from '../bookings-api';
import { BookingCard } from '../components/booking-card';
import { BookingListSkeleton } from '../components/booking-list-skeleton';
import { PendingSeriesSection } from '../components/pending-series-section';
import { usePaymentReturnToast } from '../hooks/use-payment-return-toast';
import { useCurrentUser } from '../../auth';
import { isBookingEvent, useLiveRefresh } from '../../notifications';
import { pageOfList, usePagedList, type ListPage } from '../../../lib/use-paged-list';
import { STATUS_TABS, statusLabel } from '../lib/booking-format';

type View = 'owner' | 'provider' | 'admin';

function listFor(view: View, status: BookingStatus, page: number) {
  const query = { status, page, limit: BOOKINGS_PAGE_SIZE };
  if (view === 'provider') return bookingsApi.listProvider(query);
  if (view === 'admin') return bookingsApi.list(query);
  return bookingsApi.listOwn(query);
}

function StatusPanel({ view, status }: { view: View; status: BookingStatus }) {
  const dispatch = useAppDispatch();
  const fallback =
    view === 'provider' ? BOOKING_MESSAGES.inProgressFailed : BOOKING_MESSAGES.listFailed;
  const fetchPage = useCallback(
    async (page: number): Promise<ListPage<Booking>> => {
      try {
        return pageOfList((await listFor(view, status, page)).data);
      } catch (error) {
        throw new Error(getErrorMessage(error, fallback), { cause: error });
      }
    },
    [view, status, fallback],
  );
  const list = usePagedList(`${view}:${status}`, fetchPage, fallback);
  const bookings = list.items;
  // A booking's move announced by the bell (accepted, applied to, a series decided…) shows here
  // as it does on the booking's page, without a reload.
  useLiveRefresh(isBookingEvent, list.reload);

  useEffect(() => {
    if (bookings.length > 0) dispatch(bookingsLoaded(bookings));
  }, [dispatch, bookings]);

  if (list.isLoading && bookings.length === 0) return <BookingListSkeleton />;
  if (list.error && bookings.length === 0)
    return (
      <Alert color="red" role="alert">
        {list.error}{' '}
        <Button variant="subtle" size="xs" onClick={list.reload}>
          Retry
        </Button>
      </Alert>
    );
  if (bookings.length === 0)
    return (
      <Stack align="center" py="xl" gap="xs">
        <Text fw={600}>No {statusLabel(status).toLowerCase()} bookings</Text>
        {view === 'owner' && status === 'pending' && (
          <Button component={Link} to={paths.requestForm} variant="light">
            Request a sitter
          </Button>
        )}
        {view === 'provider' && status === 'pending' && (
          <Button component={Link} to={paths.requestPage} variant="light">
            See open requests nearby
          </Button>
        )}
      </Stack>
    );
  return (
    <Stack>
      {bookings.map((booking) => (
        <BookingCard
          key={booking._id}
          booking={booking}
          viewAs={view === 'provider' ? 'provider' : 'owner'}
        />
      ))}
      <LoadMore
        count={bookings.length}
        hasMore={list.hasMore}
        isLoading={list.isLoading}
        error={list.error}
        onLoadMore={list.loadMore}
        endLabel="No more bookings"
      />
    </Stack>
  );
}

const isStatus = (v: string | null): v is BookingStatus => STATUS_TABS.some((t) => t.value === v);

export default function BookingsScreen() {
  usePageTitle('Bookings');
  // A weekly series paid by card comes back here from the payment page.
  usePaymentReturnToast();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: BookingStatus = isStatus(requested) ? requested : 'pending';
  const view: View = isAdminUser(user) ? 'admin' : isProviderUser(user) ? 'provider' : 'owner';

  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Bookings</Title>
          <Text c="dimmed">
            {view === 'provider' ? 'Bookings you look after.' : 'Your requests and bookings.'}
          </Text>
        </div>
        {view === 'owner' && (
          <Button component={Link} to={paths.requestForm}>
            Request a sitter
          </Button>
        )}
        {view === 'provider' && (
          <Button component={Link} to={paths.requestPage}>
            Open requests
          </Button>
        )}
      </Group>
      <Tabs
        mt="lg"
        value={status}
        onChange={(value) => value && setParams({ status: value }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label="Booking status">
          {STATUS_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {STATUS_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            <Stack gap="lg">
              {view === 'owner' && tab.value === 'pending' && <PendingSeriesSection />}
              <StatusPanel view={view} status={tab.value} />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
