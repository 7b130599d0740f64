import type { Selectable } from 'kysely';
import { toUserIds, type UserSelf } from '@pawsy/contract';
import type { UsersTable } from '../db/schema.ts';
import { parseServiceRates, parseStringList, userImageUrl } from './user-columns.ts';

export type UserRow = Selectable<UsersTable>;

/** Row → the caller's own view of their account (SPEC §3 spelling). The one mapping place. */
export function toUserWire(row: UserRow): UserSelf {
  return {
    ...toUserIds(row.id),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    userType: row.user_type,
    role: row.user_type,
    isAdmin: row.user_type === 'admin',
    KYC_verified: row.kyc_verified === 1,
    is_verified: row.is_verified === 1,
    is_paid: row.is_paid === 1,
    email_verified: row.email_verified === 1,
    term: row.term === 1,
    primary_services: parseStringList(row.primary_services),
    dob: row.dob,
    emergency_phone: row.emergency_phone,
    bio: row.bio,
    headline: row.headline,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    date_of_issue: row.date_of_issue,
    date_of_expiry: row.date_of_expiry,
    document_type: row.document_type,
    preferred_location: row.preferred_location,
    email_notification: row.email_notification === 1,
    pet_prefrences: parseStringList(row.pet_prefrences),
    service_rates: parseServiceRates(row.service_rates),
    currency: row.currency,
    image: userImageUrl(row),
    coordinates:
      row.latitude !== null && row.longitude !== null
        ? { longitude: Number(row.longitude), latitude: Number(row.latitude) }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
