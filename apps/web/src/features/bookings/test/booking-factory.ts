import type { Booking, BookingRequest, BookingReview } from '../bookings-api';

export const OWNER_ID = 'a'.repeat(24);
export const SITTER_ID = 'b'.repeat(24);
export const OTHER_SITTER_ID = 'c'.repeat(24);
export const BOOKING_ID = 'd'.repeat(24);

const card = (id: string, firstName: string, lastName: string) => ({
  _id: id,
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
      checkoutUrl: null,
    },
    timeline: [
      {
        _id: 'f'.repeat(24),
        type: 'created',
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

export function makeReview(overrides: Partial<BookingReview> = {}): BookingReview {
  return {
    _id: '1'.repeat(24),
    bookingId: BOOKING_ID,
    author: card(OWNER_ID, 'Olivia', 'Bennett'),
    subjectId: SITTER_ID,
    rating: 5,
    comment: 'Great walk',
    visible: false,
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
