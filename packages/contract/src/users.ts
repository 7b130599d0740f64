import { z } from 'zod';
import { availabilityFilterShape } from './availability.ts';
import { userSelf, type UserSelf } from './auth.ts';
import { boundedPageQuery, nullAsLeftOut, pageMeta, pathId, userRef } from './common.ts';
import { searchRangeIssue } from './search-range.ts';

/** Service → price in cents; a provider prices each service they offer. */
export const serviceRates = z.record(z.string(), z.number().int().min(0));

/** The caller's own view is `userSelf` (auth.ts); profile answers reuse it. */
export const userWire = userSelf;
export type UserWire = UserSelf;

export const ratingSummary = z.object({ average: z.number().nullable(), count: z.number() });

/** What any signed-in stranger may see: no contact data, no exact location, no admin flags. */
export const publicUser = userRef.extend({
  image: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  userType: z.enum(['user', 'provider', 'admin']),
  primary_services: z.array(z.string()),
  service_rates: serviceRates,
  /** Sitters: the kinds of pets they take (profile `pet_prefrences`); empty takes any. */
  pet_prefrences: z.array(z.string()),
  /** Listed services without an own rate, at the catalogue's suggested rate (shown as such). */
  suggested_rates: serviceRates.optional(),
  currency: z.string(),
  headline: z.string().nullable(),
  bio: z.string().nullable(),
  rating: ratingSummary,
  memberSince: z.string(),
  badges: z.object({ KYC_verified: z.boolean(), is_verified: z.boolean() }),
  /** The two badges again under SPEC §3's own names, as `PUT /api/user/{id}` sets them. */
  KYC_verified: z.boolean(),
  is_verified: z.boolean(),
  approximateLocation: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  /** Sitters: the next local dates (YYYY-MM-DD) they are not away or fully booked. */
  nextFreeDates: z.array(z.string()).optional(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const nearbyCard = publicUser.extend({ distanceKm: z.number().nullable() });
export type NearbyCard = z.infer<typeof nearbyCard>;

/** The longest sitter name and city GET /api/user/nearby searches by. */
export const NEARBY_NAME_MAX = 100;
export const NEARBY_CITY_MAX = 120;

export const nearbyQuery = boundedPageQuery(15, {
  name: z
    .string()
    .trim()
    .max(NEARBY_NAME_MAX, `name must be at most ${NEARBY_NAME_MAX} characters`)
    .optional(),
  city: z
    .string()
    .trim()
    .max(NEARBY_CITY_MAX, `city must be at most ${NEARBY_CITY_MAX} characters`)
    .optional(),
  ...availabilityFilterShape,
}).superRefine((q, ctx) => {
  const issue = searchRangeIssue(q.startDate, q.endDate);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type NearbyQuery = z.infer<typeof nearbyQuery>;

export const nearbyResponse = z.object({
  success: z.literal(true),
  nearbyUsers: z.array(nearbyCard),
  ...pageMeta,
  mode: z.enum(['nearby', 'all']),
});
export type NearbyResponse = z.infer<typeof nearbyResponse>;

export const profileResponse = z.object({
  success: z.literal(true),
  data: userWire,
  user: userWire,
});
export const profileUpdateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: userWire,
});
export const publicUserResponse = z.object({ success: z.literal(true), data: publicUser });

/** A flag, or null / left out for "not changed". */
const flag = nullAsLeftOut(
  z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
);
/** PUT /api/user/{id} (admin): trust flags, or the paid flag. */
export const userFlagsBody = z
  .object({ is_verified: flag, KYC_verified: flag, is_paid: flag })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Provide is_verified, KYC_verified or is_paid',
  });
export type UserFlagsBody = z.infer<typeof userFlagsBody>;

export const userIdParams = z.object({ id: pathId });

export const dashboardBooking = z.object({
  _id: z.string(),
  status: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  service: z.string().nullable(),
});

export const userDashboard = z.object({
  user: userRef.extend({
    userType: z.enum(['user', 'provider', 'admin']),
    image: z.string().nullable(),
    KYC_verified: z.boolean(),
    is_verified: z.boolean(),
    is_paid: z.boolean(),
    memberSince: z.string(),
  }),
  pets: z.number(),
  notificationsUnread: z.number(),
  /** The next few open bookings, soonest first (at most 5). */
  upcomingBookings: z.array(dashboardBooking),
  /** How many open bookings have not ended, all of them (the list above shows the first 5). */
  upcomingTotal: z.number().int(),
  bookingsByStatus: z.record(z.string(), z.number()),
  /** Cents of `currency`. */
  creditsBalance: z.number(),
  currency: z.string(),
  kycStatus: z.string(),
});
export type UserDashboard = z.infer<typeof userDashboard>;
export const userDashboardResponse = z.object({ success: z.literal(true), data: userDashboard });

// ---- Types of the calls above, for clients ----
export type ProfileResponse = z.infer<typeof profileResponse>;
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponse>;
export type PublicUserResponse = z.infer<typeof publicUserResponse>;
export type UserDashboardResponse = z.infer<typeof userDashboardResponse>;
