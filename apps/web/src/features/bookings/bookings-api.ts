import type {
  BookingStatus,
  BookingWire,
  bookingDetailResponse,
  bookingListResponse,
  bookingRequestWire,
  bookingReview,
  MyRequestWire,
  myRequestsResponse,
  quoteData,
} from '@pawsy/contract';
import type { z } from 'zod';
import { http } from '../../lib/http';

export type Booking = BookingWire;
export type BookingReview = z.infer<typeof bookingReview>;
export type BookingDetail = z.infer<typeof bookingDetailResponse>;
export type BookingPage = z.infer<typeof bookingListResponse>;
export type BookingRequest = z.infer<typeof bookingRequestWire>;
export type Quote = z.infer<typeof quoteData>;
/** A sitter's own request with a summary of its booking (GET /api/booking/requests/mine). */
export type MyRequest = MyRequestWire;
export type MyRequestsPage = z.infer<typeof myRequestsResponse>;
export type RequestState = BookingRequest['state'];
export type { BookingStatus };

export type CreateBookingInput = {
  service: string;
  pets: string[];
  startDate: string;
  endDate: string;
  notes: string;
  provider_id?: string | null;
  creditsToApply: number;
};

export type QuoteInput = {
  provider_id: string;
  service: string;
  startDate: string;
  endDate: string;
};

export type Decision = 'accepted' | 'rejected';

/** A status move; the sitter may attach a note and a photo (sent as multipart). */
export type StatusChange = { status: BookingStatus; note?: string; image?: File | null };

type BookingEnvelope = { success: true; message: string; data: Booking };
type ListQuery = { status?: BookingStatus; page?: number; limit?: number };

function statusForm(change: StatusChange): FormData {
  const form = new FormData();
  form.append('status', change.status);
  if (change.note) form.append('note', change.note);
  if (change.image) form.append('image', change.image);
  return form;
}

/** SPEC §7 booking calls (plus the price quote), one function each. */
export const bookingsApi = {
  create: (body: CreateBookingInput) => http.post<BookingEnvelope>('/api/booking/', body),
  quote: (body: QuoteInput) =>
    http.post<{ success: true; data: Quote }>('/api/booking/quote', body),
  /** What the caller may act on (a sitter: open bookings nearby, then their own). */
  list: (query: ListQuery = {}) => http.get<BookingPage>('/api/booking/', { query }),
  listOwn: (query: ListQuery = {}) => http.get<BookingPage>('/api/booking/user', { query }),
  listProvider: (query: ListQuery & { status: BookingStatus }) =>
    http.get<BookingPage>('/api/booking/provider/in-progress', { query }),
  get: (id: string) => http.get<BookingDetail>(`/api/booking/${encodeURIComponent(id)}`),
  sendRequest: (id: string, providerId?: string) =>
    http.post<{ success: true; data: BookingRequest }>(
      `/api/booking/${encodeURIComponent(id)}/send-request`,
      providerId ? { providerId } : {},
    ),
  requests: (id: string) =>
    http.get<{ success: true; providers: BookingRequest[] }>(
      `/api/booking/${encodeURIComponent(id)}/requests`,
    ),
  /** The calling sitter's requests (applications and invitations), newest first. */
  myRequests: (query: { state?: RequestState; page?: number; limit?: number } = {}) =>
    http.get<MyRequestsPage>('/api/booking/requests/mine', { query }),
  /** A sitter withdraws their own pending application (the request is kept as 'withdrawn'). */
  withdrawRequest: (id: string) =>
    http.delete<{ success: true; message: string; data: BookingRequest }>(
      `/api/booking/${encodeURIComponent(id)}/send-request`,
    ),
  decide: (id: string, providerId: string, decision: Decision) =>
    http.put<BookingEnvelope>(`/api/booking/accept/${encodeURIComponent(id)}`, {
      providerId,
      decision,
    }),
  changeStatus: (id: string, change: StatusChange) => {
    const path = `/api/booking/accept/${encodeURIComponent(id)}`;
    if (change.image) return http.put<BookingEnvelope>(path, statusForm(change));
    const body: { status: BookingStatus; note?: string } = { status: change.status };
    if (change.note) body.note = change.note;
    return http.put<BookingEnvelope>(path, body);
  },
};

export const BOOKING_MESSAGES = {
  createFailed: 'Failed to create booking',
  fetchFailed: 'Failed to fetch booking',
  inProgressFailed: 'Failed to fetch in-progress bookings',
  statusFailed: 'Failed to update booking status',
  requestsFailed: 'Failed to fetch user requests for booking',
  listFailed: 'Failed to load bookings',
  withdrawFailed: 'Failed to withdraw the application',
} as const;
