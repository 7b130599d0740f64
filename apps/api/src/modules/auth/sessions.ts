import type { FastifyInstance } from 'fastify';
import type { DbOrTrx } from '../../db/index.ts';
import { newSecretId, nowIso } from '../../lib/ids.ts';
import type { UserRow } from '../../lib/user-wire.ts';
import * as repo from './auth.repository.ts';

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
  const sid = newSecretId();
  const expires = new Date(Date.now() + ttlMs);
  await repo.insertSession(app.db, {
    id: sid,
    user_id: user.id,
    expires_at: expires.toISOString(),
  });
  const token = await app.tokens.sign(
    { id: user.id, email: user.email, userType: user.user_type, sid },
    expires,
  );
  return { token, expiresAt: expires.toISOString() };
}

export async function revokeSession(db: DbOrTrx, sessionId: string): Promise<void> {
  await repo.revokeSessionRow(db, sessionId);
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  db: DbOrTrx,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  await repo.revokeUserSessionRows(db, userId, keepSessionId);
}

export type LiveSession = {
  id: string;
  email: string;
  userType: 'user' | 'provider' | 'admin';
  sessionId: string;
  expiresAt: string;
};

/** The session and its user while the session is unrevoked, unexpired and the user not deleted. */
export async function findLiveSession(db: DbOrTrx, sessionId: string): Promise<LiveSession | null> {
  const row = await repo.findSessionWithUser(db, sessionId);
  if (!row || row.revoked_at || row.deleted_at || row.expires_at <= nowIso()) return null;
  return {
    id: row.id,
    email: row.email,
    userType: row.user_type,
    sessionId,
    expiresAt: row.expires_at,
  };
}
