import {
  toUserIds,
  type MemberBooking,
  type MemberDetail,
  type MemberSummary,
} from '@pawsy/contract';
import type { BookingsTable } from '../../db/schema.ts';
import { userImageUrl } from '../../lib/user-columns.ts';
import type { UserRow } from '../../lib/user-wire.ts';

export function toMemberSummary(row: UserRow): MemberSummary {
  return {
    ...toUserIds(row.id),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    userType: row.user_type,
    is_verified: row.is_verified === 1,
    KYC_verified: row.kyc_verified === 1,
    is_paid: row.is_paid === 1,
    image: userImageUrl(row),
    createdAt: row.created_at,
  };
}

export function toMemberProfile(row: UserRow): MemberDetail['member'] {
  return {
    ...toMemberSummary(row),
    phone: row.phone,
    city: row.city,
    country: row.country,
    bio: row.bio,
  };
}

type BookingRow = Pick<
  BookingsTable,
  'id' | 'owner_id' | 'service' | 'status' | 'start_at' | 'end_at' | 'price_cents' | 'currency'
>;

export function toMemberBooking(row: BookingRow, userId: string): MemberBooking {
  return {
    _id: row.id,
    role: row.owner_id === userId ? 'owner' : 'provider',
    service: row.service,
    status: row.status,
    startAt: row.start_at,
    endAt: row.end_at,
    priceCents: row.price_cents === null ? null : Number(row.price_cents),
    currency: row.price_cents === null ? null : row.currency,
  };
}
