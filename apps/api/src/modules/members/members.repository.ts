import { sql, type ExpressionBuilder } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { likePattern } from '../../lib/like-pattern.ts';

/*
 * The admin's read-only view of members: reads `users` and `bookings` directly (like the admin
 * dashboard's aggregates) rather than through those areas, which have no "list everyone" call.
 * Writes to a member go through the users, credits and kyc areas.
 */

export type MemberFilter = {
  search?: string;
  role?: 'user' | 'provider' | 'admin';
  is_verified?: boolean;
  KYC_verified?: boolean;
  is_paid?: boolean;
};

function matches(filter: MemberFilter) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const conds = [eb('users.deleted_at', 'is', null)];
    if (filter.role) conds.push(eb('users.user_type', '=', filter.role));
    const flag = (v: boolean | undefined, col: 'is_verified' | 'kyc_verified' | 'is_paid') => {
      if (v !== undefined) conds.push(eb(`users.${col}`, '=', v ? 1 : 0));
    };
    flag(filter.is_verified, 'is_verified');
    flag(filter.KYC_verified, 'kyc_verified');
    flag(filter.is_paid, 'is_paid');
    if (filter.search) {
      const p = likePattern(filter.search);
      conds.push(
        eb.or([
          eb(sql`lower(users.email)`, 'like', sql`${p} escape '\\'`),
          eb(sql`lower(users.first_name || ' ' || users.last_name)`, 'like', sql`${p} escape '\\'`),
        ]),
      );
    }
    return eb.and(conds);
  };
}

export function listMembers(db: DbOrTrx, filter: MemberFilter, limit: number, offset: number) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(matches(filter))
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countMembers(db: DbOrTrx, filter: MemberFilter): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(matches(filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A member's latest bookings, as owner or as sitter, newest first. */
export function listMemberBookings(db: DbOrTrx, userId: string, limit: number) {
  return db
    .selectFrom('bookings')
    .select([
      'id',
      'owner_id',
      'provider_id',
      'service',
      'status',
      'start_at',
      'end_at',
      'price_cents',
      'currency',
      'created_at',
    ])
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('provider_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
