import { bookingsApi, type Booking, type BookingRequest } from '../bookings-api';

export type BoardItem = { booking: Booking; myRequest: BookingRequest | null };
export type ProviderBoard = { invitations: BoardItem[]; open: BoardItem[] };

/**
 * A sitter's board from GET /api/booking/ (open bookings nearby, then their own): direct
 * requests and owner invitations to decide, and open bookings to apply to. A sitter reading
 * /requests sees only their own request, which says whether they applied or were invited.
 */
export async function loadProviderBoard(userId: string): Promise<ProviderBoard> {
  const { data } = await bookingsApi.list({ limit: 50 });
  const pending = data.data.filter(
    (b) => b.status === 'pending' && (b.provider_id === null || b.provider_id === userId),
  );
  const items = await Promise.all(
    pending.map(async (booking): Promise<BoardItem> => {
      const { data: reqs } = await bookingsApi.requests(booking._id);
      return { booking, myRequest: reqs.providers.find((r) => r.providerId === userId) ?? null };
    }),
  );
  const isInvitation = (item: BoardItem) =>
    item.myRequest?.state === 'pending' && item.myRequest.initiatedBy === 'owner';
  return {
    invitations: items.filter(isInvitation),
    open: items.filter((item) => !isInvitation(item) && item.booking.provider_id === null),
  };
}
