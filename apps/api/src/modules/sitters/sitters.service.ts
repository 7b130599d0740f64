import type { FastifyInstance } from 'fastify';
import type { PublicUser, UserReviewsQuery, UserReviewsResponse } from '@pawsy/contract';
import { notFound } from '../../lib/app-error.ts';
import { parseStringList } from '../../lib/user-columns.ts';
import { cachedNextFreeDates } from '../availability/index.ts';
import { getRatingSummaries, listReviewsAbout } from '../reviews/index.ts';
import { toPublicUser } from './public-user.ts';
import { findPublicRow, isLiveUser } from './sitters.repository.ts';

/**
 * Any live user's public card (what any signed-in stranger may see), with the live rating and,
 * for a sitter, the next dates their calendar has room for one of the services they list.
 */
export async function getPublicProfile(app: FastifyInstance, id: string): Promise<PublicUser> {
  const row = await findPublicRow(app.db, id);
  if (!row) throw notFound('User');
  const ratings = await getRatingSummaries(app.db, [id]);
  const card = toPublicUser(row, ratings.get(id) ?? { average: null, count: 0 });
  if (row.user_type !== 'provider') return card;
  const free = await cachedNextFreeDates(app.db, [
    { id, services: parseStringList(row.primary_services) },
  ]);
  return { ...card, nextFreeDates: free.get(id) ?? [] };
}

/** The reviews a live user has received, visible under the double-blind rule, newest first. */
export async function listReviewsOfUser(
  app: FastifyInstance,
  id: string,
  query: UserReviewsQuery,
): Promise<UserReviewsResponse> {
  if (!(await isLiveUser(app.db, id))) throw notFound('User');
  return listReviewsAbout(app.db, id, query);
}
