import type { UsersTable } from '../db/schema.ts';
import { newId, nowIso } from './ids.ts';

type Required = Pick<UsersTable, 'email' | 'password_hash' | 'first_name' | 'last_name'>;

/**
 * A complete new `users` row: the given fields over the defaults of a fresh, unverified account.
 * The one place that knows every column, for signup, the admin bootstrap, seeders and tests.
 */
export function newUserRow(fields: Required & Partial<UsersTable>): UsersTable {
  const now = nowIso();
  return {
    id: newId(),
    phone: '',
    user_type: 'user',
    term: 1,
    primary_services: '[]',
    email_verified: 0,
    is_verified: 0,
    kyc_verified: 0,
    is_paid: 0,
    email_notification: 1,
    dob: null,
    emergency_phone: null,
    bio: null,
    headline: null,
    address: null,
    city: null,
    state: null,
    zip: null,
    country: null,
    date_of_issue: null,
    date_of_expiry: null,
    document_type: null,
    preferred_location: null,
    pet_prefrences: '[]',
    service_rates: '{}',
    currency: 'USD',
    image_path: null,
    latitude: null,
    longitude: null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}
