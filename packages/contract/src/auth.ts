import { z } from 'zod';

/** Roles as they travel on the wire (`userType`, mirrored in `role`). */
export const userType = z.enum(['user', 'provider', 'admin']);
export type UserType = z.infer<typeof userType>;

export const coordinates = z.object({ longitude: z.number(), latitude: z.number() });

/**
 * The caller's own user object (auth answers, own profile): every field of SPEC §3 with the
 * spec's spelling. Never carries the password hash, codes or sessions.
 */
export const userSelf = z.object({
  _id: z.string(),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  userType,
  role: userType,
  isAdmin: z.boolean(),
  KYC_verified: z.boolean(),
  is_verified: z.boolean(),
  is_paid: z.boolean(),
  email_verified: z.boolean(),
  term: z.boolean(),
  primary_services: z.array(z.string()),
  dob: z.string().nullable(),
  emergency_phone: z.string().nullable(),
  bio: z.string().nullable(),
  headline: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  date_of_issue: z.string().nullable(),
  date_of_expiry: z.string().nullable(),
  document_type: z.string().nullable(),
  preferred_location: z.string().nullable(),
  email_notification: z.boolean(),
  pet_prefrences: z.array(z.string()),
  /** Provider's price per service in minor units (cents) of `currency`. */
  service_rates: z.record(z.string(), z.number().int()),
  currency: z.string(),
  image: z.string().nullable(),
  coordinates: coordinates.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserSelf = z.infer<typeof userSelf>;
