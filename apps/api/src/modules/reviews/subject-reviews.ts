import { toPageMeta, toUserIds } from '@pawsy/contract';
import type { UserReview, UserReviewsQuery, UserReviewsResponse } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { lastInitial, userImageUrl } from '../../lib/user-columns.ts';
import { countVisibleAbout, pageVisibleAbout } from './reviews.repository.ts';

/**
 * One page of the reviews a user has received that are visible under the double-blind rule,
 * newest first. Authors are shown as on sitter cards: first name, last initial, photo; never
 * contact data. The caller checks that the subject exists.
 */
export async function listReviewsAbout(
  db: DbOrTrx,
  subjectId: string,
  { page, limit }: UserReviewsQuery,
  now = new Date(),
): Promise<UserReviewsResponse> {
  const total = await countVisibleAbout(db, subjectId, now);
  const rows = await pageVisibleAbout(db, subjectId, now, (page - 1) * limit, limit);
  const data = rows.map((row): UserReview => ({
    _id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.created_at,
    author:
      row.first_name === null || row.deleted_at !== null
        ? { ...toUserIds(row.author_id), firstName: 'Former', lastName: 'member', image: null }
        : {
            ...toUserIds(row.author_id),
            firstName: row.first_name,
            lastName: lastInitial(row.last_name ?? ''),
            image: userImageUrl({ id: row.author_id, image_path: row.image_path }),
          },
    service: row.service,
  }));
  return { success: true, data, ...toPageMeta(page, limit, total) };
}
