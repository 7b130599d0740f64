import type { ListPage } from '../../../lib/use-paged-list';
import { pageOfList } from '../../../lib/use-paged-list';
import { BOOKINGS_PAGE_SIZE, bookingsApi, type Booking, type MyRequest } from '../bookings-api';

export type BoardItem = { booking: Booking; myRequest: MyRequest | null };
export type ProviderRequests = {
  /** Owner invitations and direct requests still waiting for the sitter's answer. */
  invitations: MyRequest[];
  /** The sitter's own applications (any state), newest first. */
  applications: MyRequest[];
  /** Every request read, for the open bookings' state. */
  all: MyRequest[];
};

/** How many of the sitter's newest requests the board reads (the API's page maximum). */
export const BOARD_REQUESTS_LIMIT = 100;

/**
 * The sitter's requests with a booking summary (GET /api/booking/requests/mine): invitations
 * to answer and their applications.
 */
export async function loadProviderRequests(): Promise<ProviderRequests> {
  const requests = (await bookingsApi.myRequests({ limit: BOARD_REQUESTS_LIMIT })).data.data;
  return {
    invitations: requests.filter(
      (r) => r.initiatedBy === 'owner' && r.state === 'pending' && r.booking.status === 'pending',
    ),
    applications: requests.filter((r) => r.initiatedBy === 'provider'),
    all: requests,
  };
}

/** One page of open bookings nearby to apply to (GET /api/booking/). */
export async function loadOpenPage(page: number): Promise<ListPage<Booking>> {
  return pageOfList(
    (await bookingsApi.list({ status: 'pending', page, limit: BOOKINGS_PAGE_SIZE })).data,
  );
}

/** The open bookings still open and not already an invitation, with the sitter's request on each. */
export function openBoardItems(feed: Booking[], requests: ProviderRequests | null): BoardItem[] {
  const invited = new Set(requests?.invitations.map((r) => r.bookingId));
  const byBooking = new Map(requests?.all.map((r) => [r.bookingId, r]));
  return feed
    .filter((b) => b.status === 'pending' && b.provider_id === null && !invited.has(b._id))
    .map((booking) => ({ booking, myRequest: byBooking.get(booking._id) ?? null }));
}
