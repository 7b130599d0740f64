import type {
  Booking,
  BookingContact,
  BookingRequest,
  BookingReview,
  Series,
  SeriesOccurrence,
  SeriesPreview,
} from '../bookings-api';

export const OWNER_ID = 'a'.repeat(24);
export const SITTER_ID = 'b'.repeat(24);
export const OTHER_SITTER_ID = 'c'.repeat(24);
export const BOOKING_ID = 'd'.repeat(24);

const card = (id: string, firstName: string, lastName: string) => ({
  _id: id,
  id,
  firstName,
  lastName,
  image: null,
});

/** A booking as the API sends it (BookingWire), assigned to SITTER_ID unless overridden. */
export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    _id: BOOKING_ID,
    id: BOOKING_ID,
    user_id: OWNER_ID,
    owner: card(OWNER_ID, 'Olivia', 'Bennett'),
    provider_id: SITTER_ID,
    provider: { ...card(SITTER_ID, 'Sam', 'Ortega'), city: 'Austin', rating: 4.8, reviewsCount: 3 },
    service: 'Dog walking',
    pets: ['e'.repeat(24)],
    startDate: '2030-05-01T09:00:00.000Z',
    endDate: '2030-05-01T11:00:00.000Z',
    notes: 'Biscuit pulls on the lead',
    status: 'pending',
    price: { amountCents: 5000, currency: 'USD', units: 2, unitLabel: 'hour', rateCents: 2500 },
    creditsApplied: 0,
    creditsRefunded: 0,
    amountDueCents: 5000,
    payment: {
      status: 'none',
      creditsCents: 0,
      creditsRefundedCents: 0,
      cardCents: 0,
      cardRefundedCents: 0,
      currency: 'usd',
      checkoutUrl: null,
    },
    timeline: [
      {
        _id: 'f'.repeat(24),
        type: 'created',
        by: 'owner',
        at: '2030-04-01T10:00:00.000Z',
        note: null,
        image: null,
      },
    ],
    cancellationPolicy: 'Cancel until the start; 48 hours before for a full refund.',
    createdAt: '2030-04-01T10:00:00.000Z',
    updatedAt: '2030-04-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The owner's contact details as the assigned sitter reads them (GET /api/booking/{id}/contact). */
export function makeContact(overrides: Partial<BookingContact> = {}): BookingContact {
  return {
    userId: OWNER_ID,
    role: 'owner',
    firstName: 'Olivia',
    lastName: 'Bennett',
    phone: '+1 512 555 0101',
    emergencyPhone: null,
    address: '12 Elm Street',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
    ...overrides,
  };
}

export function makeReview(overrides: Partial<BookingReview> = {}): BookingReview {
  return {
    _id: '1'.repeat(24),
    bookingId: BOOKING_ID,
    author: card(OWNER_ID, 'Olivia', 'Bennett'),
    subjectId: SITTER_ID,
    rating: 5,
    comment: 'Great walk',
    visible: false,
    onHold: false,
    createdAt: '2030-05-02T10:00:00.000Z',
    ...overrides,
  };
}

export function makeRequest(overrides: Partial<BookingRequest> = {}): BookingRequest {
  return {
    _id: '2'.repeat(24),
    bookingId: BOOKING_ID,
    providerId: SITTER_ID,
    provider: {
      ...card(SITTER_ID, 'Sam', 'Ortega'),
      city: 'Austin',
      rating: null,
      reviewsCount: 0,
    },
    state: 'pending',
    initiatedBy: 'owner',
    createdAt: '2030-04-01T10:00:00.000Z',
    ...overrides,
  };
}

export const SERIES_ID = '6'.repeat(24);

/** Weekly occurrences from 2030-05-06 (a Monday) at 09:00 UTC for an hour, `count` of them. */
export function makeOccurrences(
  count: number,
  overrides: (i: number) => Partial<SeriesOccurrence> = () => ({}),
): SeriesOccurrence[] {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2030, 4, 6 + 7 * i, 9));
    return {
      date: day.toISOString().slice(0, 10),
      startAt: day.toISOString(),
      endAt: new Date(day.getTime() + 3_600_000).toISOString(),
      conflict: null,
      bookingId: null,
      status: null,
      skipped: false,
      ...overrides(i),
    };
  });
}

/** POST /api/booking/series/preview's data: four Monday walks at Sam's $25.00 an hour. */
export function makeSeriesPreview(overrides: Partial<SeriesPreview> = {}): SeriesPreview {
  return {
    timeZone: 'UTC',
    occurrences: makeOccurrences(4),
    rateCents: 2500,
    rateSource: 'sitter',
    unitsPerOccurrence: 1,
    unitLabel: 'hour',
    occurrenceCents: 2500,
    totalCents: 10_000,
    currency: 'USD',
    creditsBalance: 0,
    ...overrides,
  };
}

/** A weekly series (SeriesWire) from OWNER_ID to SITTER_ID, pending unless overridden. */
export function makeSeries(overrides: Partial<Series> = {}): Series {
  const id = overrides.id ?? SERIES_ID;
  return {
    _id: id,
    id,
    owner: card(OWNER_ID, 'Olivia', 'Bennett'),
    provider: { ...card(SITTER_ID, 'Sam', 'Ortega'), city: 'Austin', rating: 4.8, reviewsCount: 3 },
    service: 'dog-walking',
    pets: ['e'.repeat(24)],
    weekdays: [1],
    time: '09:00',
    durationMinutes: 60,
    timeZone: 'UTC',
    startDate: '2030-05-06',
    endDate: '2030-05-27',
    notes: '',
    status: 'pending',
    occurrences: makeOccurrences(4),
    priceCents: 10_000,
    currency: 'USD',
    creditsApplied: 0,
    creditsRefunded: 0,
    amountDueCents: null,
    paid: false,
    createdAt: '2030-04-01T10:00:00.000Z',
    updatedAt: '2030-04-01T10:00:00.000Z',
    ...overrides,
  };
}
