import type {
  BookingContact,
  BookingContactResponse,
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
  SeriesBody,
  SeriesOccurrence,
  seriesListResponse,
  seriesPreviewResponse,
  seriesResponse,
  SeriesStatus,
  SeriesWire,
  StatusBody,
} from '@pawsy/contract';
import type { z } from 'zod';
import { http } from '../../lib/http';

export type Booking = BookingWire;
export type BookingDetail = BookingDetailResponse;
export type BookingPage = BookingListResponse;
export type BookingRequest = BookingRequestWire;
/** A sitter's own request with a summary of its booking (GET /api/booking/requests/mine). */
export type MyRequest = MyRequestWire;
export type MyRequestsPage = MyRequestsResponse;
export type Decision = DecisionBody['decision'];
export type { BookingContact };
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
  /** The other party's phone and address (the two parties, while accepted or in progress). */
  contact: (id: string) =>
    http.get<BookingContactResponse>(`/api/booking/${encodeURIComponent(id)}/contact`),
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

export type Series = SeriesWire;
export type SeriesPreview = z.infer<typeof seriesPreviewResponse>['data'];
export type SeriesCreated = z.infer<typeof seriesResponse>;
export type { SeriesBody, SeriesOccurrence, SeriesStatus };
/** Cancel one visit (its booking) or every visit of the series not yet started. */
export type SeriesCancelScope = { scope: 'occurrence'; bookingId: string } | { scope: 'rest' };

const SERIES = '/api/booking/series';
const seriesPath = (id: string, rest = '') => `${SERIES}/${encodeURIComponent(id)}${rest}`;

/** Weekly series: one request for many visits, decided and cancelled as described in SPEC §7. */
export const seriesApi = {
  /** Every occurrence with its conflict (if any) and the price, before anything is sent. */
  preview: (body: SeriesBody) =>
    http.post<z.infer<typeof seriesPreviewResponse>>(`${SERIES}/preview`, body),
  /** 201 with the series (and checkoutUrl when a card payment is due), or 409 with occurrences. */
  create: (body: SeriesBody) => http.post<SeriesCreated>(SERIES, body),
  list: (query: { role?: 'owner' | 'provider'; status?: SeriesStatus } = {}) =>
    http.get<z.infer<typeof seriesListResponse>>(SERIES, { query }),
  get: (id: string) => http.get<SeriesCreated>(seriesPath(id)),
  decide: (id: string, decision: Decision) =>
    http.put<SeriesCreated>(seriesPath(id, '/decision'), { decision }),
  cancel: (id: string, scope: SeriesCancelScope) =>
    http.post<SeriesCreated>(seriesPath(id, '/cancel'), scope),
};

/** Bookings per page in the lists that grow as the user scrolls (LoadMore). */
export const BOOKINGS_PAGE_SIZE = 20;

export const BOOKING_MESSAGES = {
  createFailed: 'Failed to create booking',
  fetchFailed: 'Failed to fetch booking',
  /** A missing, hidden or malformed booking id (404 or 400). */
  notFound: 'Booking not found',
  inProgressFailed: 'Failed to fetch in-progress bookings',
  statusFailed: 'Failed to update booking status',
  requestsFailed: 'Failed to fetch user requests for booking',
  contactFailed: 'Failed to load the contact details',
  listFailed: 'Failed to load bookings',
  withdrawFailed: 'Failed to withdraw the application',
  inviteFailed: 'Failed to send the invitation',
  seriesPreviewFailed: 'Failed to preview the series',
  seriesCreateFailed: 'Failed to send the series request',
  seriesListFailed: 'Failed to load weekly series',
  seriesDecideFailed: 'Failed to answer the series request',
  seriesCancelFailed: 'Failed to cancel',
} as const;
