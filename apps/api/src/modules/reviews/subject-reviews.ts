import { toPageMeta } from '@pawsy/contract';
import type { FastifyInstance } from 'fastify';
import type { UserReview, UserReviewsQuery, UserReviewsResponse } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { lastInitial } from '../users/public-user.ts';
import { userImageUrl } from '../users/user-wire.ts';
import { blindCutoff, isVisibleSql } from './reviews.repository.ts';

/** Visible reviews about `subjectId` (r joined with its booking b), for one count or one page. */
function visibleAbout(db: DbOrTrx, subjectId: string, now: Date) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .where('r.subject_id', '=', subjectId)
    .where(isVisibleSql(blindCutoff(now)));
}

/**
 * One page of the reviews a user has received that are visible under the double-blind rule,
 * newest first. Walks reviews_subject_idx (subject_id, created_at). Authors are shown as on
 * sitter cards: first name, last initial, photo; never contact data.
 */
export async function listSubjectReviews(
  app: FastifyInstance,
  subjectId: string,
  { page, limit }: UserReviewsQuery,
  now = new Date(),
): Promise<UserReviewsResponse> {
  const subject = await app.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', subjectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!subject) throw notFound('User');

  const counted = await visibleAbout(app.db, subjectId, now)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const rows = await visibleAbout(app.db, subjectId, now)
    .leftJoin('users as a', 'a.id', 'r.author_id')
    .select([
      'r.id',
      'r.rating',
      'r.comment',
      'r.created_at',
      'r.author_id',
      'b.service',
      'a.first_name',
      'a.last_name',
      'a.image_path',
      'a.deleted_at',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();

  const data = rows.map((row): UserReview => ({
    _id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.created_at,
    author:
      row.first_name === null || row.deleted_at !== null
        ? { _id: row.author_id, firstName: 'Former', lastName: 'member', image: null }
        : {
            _id: row.author_id,
            firstName: row.first_name,
            lastName: lastInitial(row.last_name ?? ''),
            image: userImageUrl({ id: row.author_id, image_path: row.image_path }),
          },
    service: row.service,
  }));
  return { success: true, data, ...toPageMeta(page, limit, total) };
}
