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
  user: SessionUser,
  ttlMs: number,
): Promise<{ token: string; expiresAt: string }> {
  const row = newSessionRow(user, ttlMs);
  await repo.insertSession(app.db, row);
  return signSession(app, user, row);
}

/**
 * A login's session: opened only while the password is still the one the login checked (`hash`),
 * else null, so a reset or change racing the login cannot leave a session opened with the old
 * password after it revoked them all.
 */
export async function openSessionWhilePassword(
  app: FastifyInstance,
  user: SessionUser,
  ttlMs: number,
  hash: string,
): Promise<{ token: string; expiresAt: string } | null> {
  const row = newSessionRow(user, ttlMs);
  if (!(await repo.insertSessionWhilePassword(app.db, row, hash))) return null;
  return signSession(app, user, row);
}

type SessionUser = Pick<UserRow, 'id' | 'email' | 'user_type'>;

const newSessionRow = (user: SessionUser, ttlMs: number) => ({
  id: newSecretId(),
  user_id: user.id,
  expires_at: new Date(Date.now() + ttlMs).toISOString(),
});

async function signSession(
  app: FastifyInstance,
  user: SessionUser,
  row: { id: string; expires_at: string },
) {
  const token = await app.tokens.sign(
    { id: user.id, email: user.email, userType: user.user_type, sid: row.id },
    new Date(row.expires_at),
  );
  return { token, expiresAt: row.expires_at };
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
  /** False until the account's email is proven: such a session may only log out. */
  emailVerified: boolean;
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
    emailVerified: row.email_verified === 1,
  };
}

/** Whether `token` names a live session of `userId` (signature, session row and user all agree). */
export async function isLiveSessionOf(
  app: FastifyInstance,
  userId: string,
  token: string,
): Promise<boolean> {
  if (!token) return false;
  try {
    const claims = app.tokens.verifySync(token);
    const session = await findLiveSession(app.db, claims.sid);
    return claims.id === userId && session?.id === userId;
  } catch {
    return false;
  }
}
