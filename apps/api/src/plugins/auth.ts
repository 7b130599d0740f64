import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { TokenService } from '../lib/tokens.ts';
import type { Db } from '../db/index.ts';
import { findLiveSession, type LiveSession } from '../modules/auth/index.ts';
import { createSessionCache, type SessionCache } from '../lib/session-cache.ts';

export type Role = 'user' | 'provider' | 'admin';
export type AuthUser = { id: string; email: string; userType: Role; sessionId: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a 401 says when no token is sent, where the spec words it for the route (SPEC §5:
     * "Missing auth token" for subscriptions). Otherwise "No authentication token found".
     */
    missingTokenMessage?: string;
  }
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
  interface FastifyInstance {
    /** Live sessions seen recently; revocations must go through it (see lib/session-cache). */
    sessionCache: SessionCache<LiveSession>;
    /** onRequest hook: 401 unless a valid, unrevoked x-auth-token is sent. */
    requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: 401 without a session, 403 unless the caller is an admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The authenticated caller; only valid behind `requireAuth`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return request.authUser;
}

export const isAdmin = (user: AuthUser | null): boolean => user?.userType === 'admin';

/** The token the request carries in `x-auth-token` (a leading "Bearer " dropped), or ''. */
export function sentToken(request: FastifyRequest): string {
  const header = request.headers['x-auth-token'];
  return typeof header === 'string' ? header.replace(/^Bearer\s+/i, '').trim() : '';
}

/** SPEC §5: "Profile, pets and notifications access need a token, otherwise …". */
export const NO_TOKEN_MESSAGE = 'No authentication token found';

export async function registerAuth(
  app: FastifyInstance,
  db: Db,
  tokens: TokenService,
): Promise<void> {
  app.decorateRequest('authUser', null);
  const sessions = await createSessionCache<LiveSession>(app.redis, app.log);
  app.decorate('sessionCache', sessions);
  const loadSession = async (sid: string) => {
    const session = await findLiveSession(db, sid);
    return session
      ? { value: session, userId: session.id, expiresAtMs: Date.parse(session.expiresAt) }
      : null;
  };

  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    const raw = sentToken(request);
    if (!raw)
      throw new AppError(
        'UNAUTHENTICATED',
        request.routeOptions.config.missingTokenMessage ?? NO_TOKEN_MESSAGE,
      );
    let claims;
    try {
      claims = tokens.verifySync(raw);
    } catch {
      throw new AppError('UNAUTHENTICATED', 'Invalid or expired token');
    }
    const sid = claims.sid;
    const session = await sessions.lookup(sid, () => loadSession(sid));
    // A signup's session holds nothing until the mailed code proves the address (auth.service
    // reclaimUnverified hands an unverified account to the next signup with that address), and
    // it answers exactly as the token a signup with a taken address gets, which has no session:
    // anything else would tell a new address from a registered one (DESIGN §5).
    if (!session || session.id !== claims.id || !session.emailVerified) {
      throw new AppError('UNAUTHENTICATED', 'Session has ended, please log in again');
    }
    return {
      id: session.id,
      email: session.email,
      userType: session.userType,
      sessionId: claims.sid,
    };
  }

  app.decorate('requireAuth', async (request: FastifyRequest) => {
    request.authUser = await authenticate(request);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    request.authUser = await authenticate(request);
    if (request.authUser.userType !== 'admin')
      throw new AppError('FORBIDDEN', 'Admin access required');
  });
}
