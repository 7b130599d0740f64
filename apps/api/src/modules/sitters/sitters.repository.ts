import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import { PUBLIC_USER_COLUMNS, type PublicUserRow } from './public-user.ts';

/** What the nearby search needs of its caller: their role and coordinates. */
export function findSearcher(db: DbOrTrx, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'user_type', 'latitude', 'longitude'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * A live user's public columns (only those: private ones are never selected for a card). An
 * account whose email is not confirmed has no card: it holds nothing yet, and a signup's answer
 * must not tell a new address from a taken one (DESIGN §5) by its id.
 */
const selectPublicRow = compiledRead((db, id: string) =>
  db
    .selectFrom('users')
    .select([...PUBLIC_USER_COLUMNS])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('email_verified', '=', 1),
);

export async function findPublicRow(db: DbOrTrx, id: string): Promise<PublicUserRow | undefined> {
  return (await selectPublicRow(db, id))[0];
}

/** The role of `id` when it is a live (not soft-deleted) user with a card (email confirmed). */
export async function findLiveUserType(db: DbOrTrx, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('user_type')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('email_verified', '=', 1)
    .executeTakeFirst();
  return row?.user_type;
}

/** Live users by id with their cached rating (users.rating_avg / rating_count), for the cards. */
export function findCardRows(db: DbOrTrx, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select([...PUBLIC_USER_COLUMNS, 'rating_avg', 'rating_count'])
    .where('id', 'in', [...ids])
    .where('deleted_at', 'is', null)
    .execute();
}
