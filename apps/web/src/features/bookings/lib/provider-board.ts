import { bookingsApi, type Booking, type MyRequest } from '../bookings-api';

export type BoardItem = { booking: Booking; myRequest: MyRequest | null };
export type ProviderBoard = {
  /** Owner invitations and direct requests still waiting for the sitter's answer. */
  invitations: MyRequest[];
  /** The sitter's own applications (any state), newest first. */
  applications: MyRequest[];
  /** Open bookings nearby, with the sitter's request on each when there is one. */
  open: BoardItem[];
};

/** How many of the sitter's newest requests the board reads (the API's page maximum). */
export const BOARD_REQUESTS_LIMIT = 100;

/**
 * A sitter's board in two calls: GET /api/booking/requests/mine (their requests with a booking
 * summary: invitations to answer and their applications) and GET /api/booking/ (open bookings
 * nearby to apply to).
 */
export async function loadProviderBoard(): Promise<ProviderBoard> {
  const [feed, mine] = await Promise.all([
    bookingsApi.list({ status: 'pending', limit: 50 }),
    bookingsApi.myRequests({ limit: BOARD_REQUESTS_LIMIT }),
  ]);
  const requests = mine.data.data;
  const invitations = requests.filter(
    (r) => r.initiatedBy === 'owner' && r.state === 'pending' && r.booking.status === 'pending',
  );
  const invited = new Set(invitations.map((r) => r.bookingId));
  const byBooking = new Map(requests.map((r) => [r.bookingId, r]));
  return {
    invitations,
    applications: requests.filter((r) => r.initiatedBy === 'provider'),
    open: feed.data.data
      .filter((b) => b.status === 'pending' && b.provider_id === null && !invited.has(b._id))
      .map((booking) => ({ booking, myRequest: byBooking.get(booking._id) ?? null })),
  };
}
