import type { FastifyInstance } from 'fastify';
import type { PublicUser, UserReviewsQuery, UserReviewsResponse } from '@pawsy/contract';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { hasMetThroughBooking } from './booking-acquaintance.ts';
import { parseStringList } from '../../lib/user-columns.ts';
import { cachedNextFreeDates } from '../availability/index.ts';
import { getRatingSummaries, listReviewsAbout } from '../reviews/index.ts';
import { toPublicUser } from './public-user.ts';
import { findLiveUserType, findPublicRow } from './sitters.repository.ts';

/**
 * Whether `caller` may see the card (and received reviews) of a live user of `userType`. A
 * sitter's is anyone's: owners look for one. An owner's is theirs, an admin's, and the sitters who
 * met them through a booking (applied, invited or chosen, in any state); an admin's is theirs and
 * other admins'. Anyone else meets the 404 of an unknown id, so ids cannot be walked for members.
 */
async function mayView(
  app: FastifyInstance,
  caller: AuthUser,
  target: { id: string; userType: string },
): Promise<boolean> {
  if (target.userType === 'provider' || caller.id === target.id || caller.userType === 'admin')
    return true;
  if (target.userType === 'admin' || caller.userType !== 'provider') return false;
  return hasMetThroughBooking(app.db, target.id, caller.id);
}

/**
 * A live user's public card, to those who may see it (mayView), with the live rating and, for a
 * sitter, the next dates their calendar has room for one of the services they list.
 */
export async function getPublicProfile(
  app: FastifyInstance,
  caller: AuthUser,
  id: string,
): Promise<PublicUser> {
  const row = await findPublicRow(app.db, id);
  if (!row || !(await mayView(app, caller, { id, userType: row.user_type })))
    throw notFound('User');
  const ratings = await getRatingSummaries(app.db, [id]);
  const card = toPublicUser(row, ratings.get(id) ?? { average: null, count: 0 });
  if (row.user_type !== 'provider') return card;
  const free = await cachedNextFreeDates(app.db, [
    { id, services: parseStringList(row.primary_services) },
  ]);
  return { ...card, nextFreeDates: free.get(id) ?? [] };
}

/**
 * The reviews a live user has received, visible under the double-blind rule, newest first, to
 * those who may see their card.
 */
export async function listReviewsOfUser(
  app: FastifyInstance,
  caller: AuthUser,
  id: string,
  query: UserReviewsQuery,
): Promise<UserReviewsResponse> {
  const userType = await findLiveUserType(app.db, id);
  if (!userType || !(await mayView(app, caller, { id, userType }))) throw notFound('User');
  return listReviewsAbout(app.db, id, query);
}
