import type {
  CalendarWire,
  KycRecord,
  PetWire,
  PublicUser,
  SubscriptionWire,
  UserSelf,
} from '@pawsy/contract';
import type { DisputeWire } from '@pawsy/contract';

/*
 * Complete wire objects for tests: the store holds the contract's types, so a test that preloads
 * a profile or a pet builds a whole one and overrides only what it is about.
 */

export const FIXTURE_USER_ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';

export function makeProfile(overrides: Partial<UserSelf> = {}): UserSelf {
  return {
    _id: FIXTURE_USER_ID,
    id: FIXTURE_USER_ID,
    firstName: 'Maya',
    lastName: 'Lopez',
    email: 'maya@example.com',
    phone: '+1 555 0100',
    userType: 'provider',
    role: 'provider',
    isAdmin: false,
    KYC_verified: true,
    is_verified: true,
    is_paid: false,
    email_verified: true,
    term: true,
    primary_services: ['Dog walking'],
    dob: null,
    emergency_phone: null,
    bio: null,
    headline: 'Dog walker',
    address: null,
    city: 'Austin',
    state: null,
    zip: null,
    country: null,
    date_of_issue: null,
    date_of_expiry: null,
    document_type: null,
    preferred_location: null,
    email_notification: true,
    pet_prefrences: [],
    service_rates: { 'Dog walking': 2500 },
    currency: 'USD',
    image: null,
    coordinates: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makePet(overrides: Partial<PetWire> = {}): PetWire {
  return {
    _id: 'bbbbbbbbbbbbbbbbbbbbbbb1',
    userId: FIXTURE_USER_ID,
    name: 'Biscuit',
    species: 'dog',
    breed: 'Golden retriever',
    age: 4,
    weight: 31,
    sex: 'male',
    care_notes: 'Two walks a day',
    medical_notes: null,
    image: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    removedAt: null,
    ...overrides,
  };
}

/** A KYC record as GET /api/kyc/user/{userId} returns it. */
export function makeKycRecord(overrides: Partial<KycRecord> = {}): KycRecord {
  return {
    _id: 'bbbbbbbbbbbbbbbbbbbbbbb1',
    userId: {
      _id: FIXTURE_USER_ID,
      id: FIXTURE_USER_ID,
      firstName: 'Maya',
      lastName: 'Lopez',
      email: 'maya@example.com',
      KYC_verified: false,
      is_verified: false,
      dob: '1991-03-08',
      document_type: 'passport',
      date_of_issue: '2021-06-01',
      date_of_expiry: '2031-05-31',
    },
    status: 'PENDING',
    rejectionReason: null,
    text: 'My passport',
    documents: [
      {
        _id: 'ccccccccccccccccccccccc1',
        url: '/api/kyc/bbbbbbbbbbbbbbbbbbbbbbb1/documents/ccccccccccccccccccccccc1',
        mime: 'image/webp',
        name: 'passport.webp',
        size: 1234,
      },
    ],
    conversation: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A member's plan as GET /api/payments/subscription returns it in `data`. */
export function makeSubscription(overrides: Partial<SubscriptionWire> = {}): SubscriptionWire {
  return {
    _id: 'ffffffffffffffffffffff01',
    packageId: 'eeeeeeeeeeeeeeeeeeeeee09',
    packageName: 'Tester Pack',
    status: 'active',
    currentPeriodEnd: '2027-01-04T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    gateway: 'sandbox',
    ...overrides,
  };
}

export const FIXTURE_OWNER_ID = 'aaaaaaaaaaaaaaaaaaaaaab1';
export const FIXTURE_SITTER_ID = 'aaaaaaaaaaaaaaaaaaaaaab2';

export function makeDispute(overrides: Partial<DisputeWire> = {}): DisputeWire {
  return {
    _id: 'dddddddddddddddddddddd01',
    bookingId: 'bbbbbbbbbbbbbbbbbbbbbb01',
    booking: {
      _id: 'bbbbbbbbbbbbbbbbbbbbbb01',
      service: 'Dog walking',
      status: 'completed',
      startDate: '2026-11-01T09:00:00.000Z',
      endDate: '2026-11-01T10:00:00.000Z',
      owner: {
        _id: FIXTURE_OWNER_ID,
        id: FIXTURE_OWNER_ID,
        firstName: 'Olivia',
        lastName: 'Owens',
      },
      provider: {
        _id: FIXTURE_SITTER_ID,
        id: FIXTURE_SITTER_ID,
        firstName: 'Sam',
        lastName: 'Ortega',
      },
    },
    openedBy: FIXTURE_OWNER_ID,
    reason: 'Walk cut short',
    description: 'Back after ten minutes.',
    status: 'open',
    winnerId: null,
    rejectionReason: null,
    reopened: false,
    evidence: [],
    createdAt: '2026-11-02T09:00:00.000Z',
    updatedAt: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

/** A sitter's calendar as GET /api/availability returns it (defaults: any time, nothing blocked). */
export function makeCalendar(overrides: Partial<CalendarWire> = {}): CalendarWire {
  return {
    userId: FIXTURE_USER_ID,
    timeZone: 'America/Chicago',
    schedule: [],
    capacities: {},
    blocks: [],
    nextFreeDates: ['2026-11-26', '2026-11-27'],
    ...overrides,
  };
}

/** A sitter as GET /api/user/{id} shows them to others (no contact details, no exact place). */
export function makePublicSitter(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    _id: 'bbbbbbbbbbbbbbbbbbbbbbb2',
    id: 'bbbbbbbbbbbbbbbbbbbbbbb2',
    firstName: 'Tessa',
    lastName: 'Sitter',
    image: null,
    city: 'Austin',
    state: 'TX',
    country: 'US',
    userType: 'provider',
    primary_services: ['dog-walking'],
    service_rates: { 'dog-walking': 2200 },
    currency: 'USD',
    headline: null,
    bio: null,
    rating: { average: null, count: 0 },
    pet_prefrences: [],
    memberSince: '2025-01-01T00:00:00.000Z',
    badges: { KYC_verified: true, is_verified: true },
    KYC_verified: true,
    is_verified: true,
    approximateLocation: null,
    ...overrides,
  };
}
