import { useCallback } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useLoad } from '../../../lib/use-load';
import { concernsBooking, useLiveRefresh } from '../../notifications';
import { BOOKING_MESSAGES, bookingsApi, type Booking, type BookingRequest } from '../bookings-api';

/**
 * The requests on a booking (GET /api/booking/{id}/requests), loaded once for the details page:
 * its Sitters panel lists them, and its summary and Chat button read whom the booking went to.
 * Null `booking` (still loading, or the page shows no requests) loads nothing.
 */
export function useBookingRequests(booking: Booking | null) {
  const id = booking?._id ?? null;
  const load = useCallback(async (): Promise<BookingRequest[]> => {
    try {
      return id ? (await bookingsApi.requests(id)).data.providers : [];
    } catch (error) {
      throw new Error(getErrorMessage(error, BOOKING_MESSAGES.requestsFailed));
    }
  }, [id]);
  const requests = useLoad(
    booking ? `${booking._id}:${booking.status}:${booking.updatedAt}` : null,
    load,
    BOOKING_MESSAGES.requestsFailed,
  );
  // A sitter applying or withdrawing does not change the booking itself: reload on the news.
  useLiveRefresh(concernsBooking(id ?? ''), requests.reload, booking !== null);
  return requests;
}

export type BookingRequests = ReturnType<typeof useBookingRequests>;
