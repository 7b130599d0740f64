import type { FastifyInstance } from 'fastify';
import type { DbOrTrx } from '../../db/index.ts';
import { badRequest, conflict, forbidden } from '../../lib/app-error.ts';
import { removeProfilePhoto } from '../../lib/images.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { isCurrentPassword, revokeUserSessions } from '../auth/index.ts';
import { stopRenewal } from '../billing/index.ts';
import { countOpenCommitments } from '../bookings/index.ts';
import { countDisputes } from '../disputes/index.ts';
import { anonymiseAccount } from '../users/index.ts';

export const ACCOUNT_MESSAGES = {
  admin: 'An admin account cannot be closed from Settings',
  wrongPassword: 'Password is incorrect',
  closed: 'Your account is closed',
} as const;

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What still ties the member to other people, in words; null when nothing does. */
export async function openTies(db: DbOrTrx, userId: string): Promise<string | null> {
  const [commitments, disputes] = await Promise.all([
    countOpenCommitments(db, userId),
    countDisputes(db, { status: 'open', partyId: userId }),
  ]);
  const parts = [
    commitments.bookings > 0 &&
      counted(commitments.bookings, 'booking', 'bookings') + ' asked for, accepted or under way',
    commitments.series > 0 &&
      counted(commitments.series, 'weekly series', 'weekly series') + ' waiting for an answer',
    commitments.applications > 0 &&
      counted(commitments.applications, 'application', 'applications') + ' to open requests',
    disputes > 0 && counted(disputes, 'open dispute', 'open disputes'),
  ].filter((p): p is string => typeof p === 'string');
  if (parts.length === 0) return null;
  const listed =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return (
    `Your account still has ${listed}. ` +
    'Cancel, withdraw or finish them first (an open dispute waits for an admin), then close it.'
  );
}

/**
 * DELETE /api/user/account: closes the caller's own account once nothing ties it to others
 * (409 naming what does), after the password is typed again (400). Admins are refused (403): an
 * admin account is the operator's to remove. The row is anonymised, not deleted (DESIGN §3);
 * every session ends, on every instance, and a subscription stops renewing.
 */
export async function closeAccount(
  app: FastifyInstance,
  caller: AuthUser,
  password: string,
): Promise<void> {
  if (caller.userType === 'admin') throw forbidden(ACCOUNT_MESSAGES.admin);
  if (!(await isCurrentPassword(app, caller.id, password))) {
    throw badRequest(ACCOUNT_MESSAGES.wrongPassword, 'password');
  }
  const held = await openTies(app.db, caller.id);
  if (held) throw conflict(held);
  // The payment provider is called outside the transaction; a renewal stopped for an account
  // that then stays open (a booking accepted meanwhile) is the member's to switch back on.
  await stopRenewal(app, caller.id);
  const photo = await app.db.transaction().execute(async (trx) => {
    const heldNow = await openTies(trx, caller.id);
    if (heldNow) throw conflict(heldNow);
    const previousPhoto = await anonymiseAccount(trx, caller.id);
    await revokeUserSessions(trx, caller.id);
    return previousPhoto;
  });
  app.sessionCache.revokeUser(caller.id);
  removeProfilePhoto(app.storage, photo);
}
