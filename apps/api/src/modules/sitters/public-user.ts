import { suggestedRatesFor, toUserIds, type PublicUser } from '@pawsy/contract';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.ts';
import {
  lastInitial,
  parseServiceRates,
  parseStringList,
  userImageUrl,
} from '../../lib/user-columns.ts';
import type { RatingSummary } from '../reviews/index.ts';
import { roundTo } from './geo.ts';

type UserRow = Selectable<UsersTable>;

/** The only columns a public card reads: private ones are never even selected for it. */
export const PUBLIC_USER_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'image_path',
  'city',
  'state',
  'country',
  'user_type',
  'primary_services',
  'service_rates',
  'pet_prefrences',
  'currency',
  'headline',
  'bio',
  'created_at',
  'kyc_verified',
  'is_verified',
  'latitude',
  'longitude',
] as const satisfies readonly (keyof UserRow)[];
export type PublicUserRow = Pick<UserRow, (typeof PUBLIC_USER_COLUMNS)[number]>;

/**
 * Row → what any signed-in stranger may see. No email, phone, address, dob, documents, exact
 * coordinates (rounded to 0.01° ≈ 1 km) or admin/payment flags.
 */
export function toPublicUser(row: PublicUserRow, rating: RatingSummary): PublicUser {
  // Sitters are found on a map by it; an owner's point would only say roughly where they live
  // (and are away from, on a boarding booking) to anyone who guesses their id.
  const hasLocation =
    row.user_type === 'provider' && row.latitude !== null && row.longitude !== null;
  return {
    ...toUserIds(row.id),
    firstName: row.first_name,
    lastName: lastInitial(row.last_name),
    image: userImageUrl(row),
    city: row.city,
    state: row.state,
    country: row.country,
    userType: row.user_type,
    primary_services: parseStringList(row.primary_services),
    service_rates: parseServiceRates(row.service_rates),
    // An owner's list names the pets they have: theirs to keep.
    pet_prefrences: row.user_type === 'provider' ? parseStringList(row.pet_prefrences) : [],
    suggested_rates: suggestedRatesFor(
      parseStringList(row.primary_services),
      parseServiceRates(row.service_rates),
    ),
    currency: row.currency,
    headline: row.headline,
    bio: row.bio,
    rating: { average: rating.average, count: rating.count },
    memberSince: row.created_at,
    badges: { KYC_verified: row.kyc_verified === 1, is_verified: row.is_verified === 1 },
    KYC_verified: row.kyc_verified === 1,
    is_verified: row.is_verified === 1,
    approximateLocation: hasLocation
      ? { latitude: roundTo(Number(row.latitude), 2), longitude: roundTo(Number(row.longitude), 2) }
      : null,
  };
}
