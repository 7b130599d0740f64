import type {
  BookingDetailResponse,
  BookingListQuery,
  BookingListResponse,
  BookingRequestWire,
  BookingResponse,
  BookingReview,
  BookingStatus,
  BookingWire,
  CreateBookingBody,
  DecisionBody,
  MyRequestsQuery,
  MyRequestsResponse,
  MyRequestWire,
  Quote,
  QuoteBody,
  QuoteResponse,
  RequestState,
  RequestsResponse,
  SendRequestResponse,
  StatusBody,
} from '@pawsy/contract';
import { http } from '../../lib/http';

export type Booking = BookingWire;
export type BookingDetail = BookingDetailResponse;
export type BookingPage = BookingListResponse;
export type BookingRequest = BookingRequestWire;
/** A sitter's own request with a summary of its booking (GET /api/booking/requests/mine). */
export type MyRequest = MyRequestWire;
export type MyRequestsPage = MyRequestsResponse;
export type Decision = DecisionBody['decision'];
export type { BookingReview, BookingStatus, Quote, RequestState };

/** A status move; the sitter may attach a note and a photo (then sent as multipart). */
export type StatusChange = Pick<StatusBody, 'status' | 'note'> & { image?: File | null };

function statusForm(change: StatusChange): FormData {
  const form = new FormData();
  form.append('status', change.status);
  if (change.note) form.append('note', change.note);
  if (change.image) form.append('image', change.image);
  return form;
}

const BOOKINGS = '/api/booking/';
const sendRequestPath = (id: string) => `/api/booking/${encodeURIComponent(id)}/send-request`;

/** PUT /api/booking/accept/{id} takes either a decision on a request or a status move. */
const putAccept = (id: string, body: DecisionBody | StatusBody | FormData) =>
  http.put<BookingResponse>(`/api/booking/accept/${encodeURIComponent(id)}`, body);

/** SPEC §7 booking calls (plus the price quote), one function each. */
export const bookingsApi = {
  create: (body: CreateBookingBody) => http.post<BookingResponse>(BOOKINGS, body),
  quote: (body: QuoteBody) => http.post<QuoteResponse>('/api/booking/quote', body),
  /** What the caller may act on (a sitter: open bookings nearby, then their own). */
  list: (query: BookingListQuery = {}) => http.get<BookingPage>(BOOKINGS, { query }),
  listOwn: (query: BookingListQuery = {}) => http.get<BookingPage>('/api/booking/user', { query }),
  listProvider: (query: BookingListQuery & { status: BookingStatus }) =>
    http.get<BookingPage>('/api/booking/provider/in-progress', { query }),
  get: (id: string) => http.get<BookingDetail>(`/api/booking/${encodeURIComponent(id)}`),
  sendRequest: (id: string, providerId?: string) =>
    http.post<SendRequestResponse>(sendRequestPath(id), providerId ? { providerId } : {}),
  requests: (id: string) =>
    http.get<RequestsResponse>(`/api/booking/${encodeURIComponent(id)}/requests`),
  /** The calling sitter's requests (applications and invitations), newest first. */
  myRequests: (query: MyRequestsQuery = {}) =>
    http.get<MyRequestsPage>('/api/booking/requests/mine', { query }),
  /** A sitter withdraws their own pending application (the request is kept as 'withdrawn'). */
  withdrawRequest: (id: string) => http.delete<SendRequestResponse>(sendRequestPath(id)),
  decide: (id: string, providerId: string, decision: Decision) =>
    putAccept(id, { providerId, decision }),
  changeStatus: (id: string, change: StatusChange) => {
    if (change.image) return putAccept(id, statusForm(change));
    const body: StatusBody = { status: change.status };
    if (change.note) body.note = change.note;
    return putAccept(id, body);
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
