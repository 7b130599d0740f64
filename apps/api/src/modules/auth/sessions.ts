import type { FastifyInstance } from 'fastify';
import type { DbOrTrx } from '../../db/index.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { UserRow } from '../users/user-wire.ts';

export const SESSION_TTL_MS = 24 * 3600_000;
export const REMEMBER_ME_TTL_MS = 30 * 24 * 3600_000;

/**
 * Opens a session row and signs a token naming it (`jti` = session id). The token is valid only
 * while that row exists, is unrevoked and unexpired, so logout and password changes kill it.
 */
export async function openSession(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'email' | 'user_type'>,
  ttlMs: number,
): Promise<{ token: string; expiresAt: string }> {
  const sid = newId();
  const expires = new Date(Date.now() + ttlMs);
  await app.db
    .insertInto('sessions')
    .values({
      id: sid,
      user_id: user.id,
      created_at: nowIso(),
      expires_at: expires.toISOString(),
      revoked_at: null,
    })
    .execute();
  const token = await app.tokens.sign(
    { id: user.id, email: user.email, userType: user.user_type, sid },
    expires,
  );
  return { token, expiresAt: expires.toISOString() };
}

export async function revokeSession(db: DbOrTrx, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  db: DbOrTrx,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}
