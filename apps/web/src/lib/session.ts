import { decodeToken, type TokenPayload } from './jwt';

/** sessionStorage keys of the browser session (SPEC §3). */
export const SESSION_KEYS = {
  token: 'authToken',
  user: 'authUser',
  expiresAt: 'authExpiresAt',
} as const;

export type SessionUser = TokenPayload;

/**
 * Whose session ended without a logout: kept (in memory, not in storage: SPEC §4 has an invalid
 * session clear storage) after the rest is cleared, for /login to say why it is shown and where
 * that member was. Removed by a login or a logout.
 */
let endedMark: string | null = null;

export type Session = {
  token: string;
  user: SessionUser;
  /** When the server said the session ends (ISO string), if it said. */
  expiresAt: string | null;
};

function toEpochMs(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const n = Number(value);
    // Seconds since the epoch are ten digits until the year 2286; anything larger is milliseconds.
    return n < 1e11 ? n * 1000 : n;
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** The earliest of the server's expiresAt and the token's exp, in epoch ms (null: never). */
export function sessionExpiryTime(session: Pick<Session, 'user' | 'expiresAt'>): number | null {
  const candidates = [toEpochMs(session.expiresAt), toEpochMs(session.user.exp)].filter(
    (t): t is number => t !== null,
  );
  return candidates.length > 0 ? Math.min(...candidates) : null;
}

/** Stores a freshly issued token; returns null (and stores nothing) when it cannot be decoded. */
export function saveSession(token: string, expiresAt?: string | number | null): Session | null {
  const user = decodeToken(token);
  if (!user) return null;
  const expiry = toEpochMs(expiresAt ?? null);
  const session: Session = {
    token,
    user,
    expiresAt: expiry === null ? null : new Date(expiry).toISOString(),
  };
  endedMark = null;
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
  if (session.expiresAt) sessionStorage.setItem(SESSION_KEYS.expiresAt, session.expiresAt);
  else sessionStorage.removeItem(SESSION_KEYS.expiresAt);
  return session;
}

/** Clears everything this tab keeps in session storage (auth keys and persisted state). */
export function clearSession(): void {
  sessionStorage.clear();
  endedMark = null;
}

function readStoredUser(): SessionUser | null {
  const raw = sessionStorage.getItem(SESSION_KEYS.user);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as SessionUser | null;
    return user && typeof user === 'object' && typeof user.id === 'string' ? user : null;
  } catch {
    return null;
  }
}

/** The stored session if it is valid right now (SPEC §4), without side effects. */
export function readSession(now: number = Date.now()): Session | null {
  const token = sessionStorage.getItem(SESSION_KEYS.token);
  const user = readStoredUser();
  if (!token || !user) return null;
  const decoded = decodeToken(token);
  if (!decoded) return null;
  const expiresAt = sessionStorage.getItem(SESSION_KEYS.expiresAt);
  const expiresAtMs = toEpochMs(expiresAt);
  if (expiresAt && (expiresAtMs === null || expiresAtMs <= now)) return null;
  const exp = toEpochMs(decoded.exp);
  if (exp !== null && exp <= now) return null;
  return { token, user, expiresAt };
}

/** Ends the session because it expired or the server refused it: not a logout (clearSession). */
export function endSession(): void {
  const user = readStoredUser();
  // A call refused after the session was ended already keeps whose it was.
  const ended = user ? JSON.stringify({ id: user.id, email: user.email }) : endedMark;
  clearSession();
  endedMark = ended;
}

/**
 * The member whose session ended in this tab (it expired, or the server refused it) and who has
 * not logged in or out since; null when none did. A session still stored but expired (the tab slept
 * past its end, or was reloaded) counts too.
 */
export function readEndedSessionUser(now: number = Date.now()): SessionUser | null {
  if (sessionStorage.getItem(SESSION_KEYS.token) && !readSession(now)) return readStoredUser();
  try {
    const ended = JSON.parse(endedMark ?? 'null') as SessionUser | null;
    return ended && typeof ended.id === 'string' ? ended : null;
  } catch {
    return null;
  }
}

/** Like readSession, but an invalid session also clears storage (the caller then goes to /login). */
export function checkSession(now: number = Date.now()): Session | null {
  const session = readSession(now);
  if (!session) clearSession();
  return session;
}

export function getSessionToken(): string | null {
  return readSession()?.token ?? null;
}

export const NO_TOKEN_MESSAGE = 'No authentication token found';

/** SPEC §5: calls that need a session fail with this message before any request is sent. */
export function requireSessionToken(): string {
  const token = getSessionToken();
  if (!token) throw new Error(NO_TOKEN_MESSAGE);
  return token;
}

// setTimeout stores its delay in 32 bits: longer waits (a 30-day session) are done in steps.
const MAX_TIMER_MS = 2_147_000_000;

/** Calls onExpire when the session runs out; returns a cancel function. */
export function scheduleSessionExpiry(session: Session, onExpire: () => void): () => void {
  const expiry = sessionExpiryTime(session);
  if (expiry === null) return () => {};
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    const remaining = expiry - Date.now();
    if (remaining <= 0) {
      onExpire();
      return;
    }
    timer = setTimeout(arm, Math.min(remaining, MAX_TIMER_MS));
  };
  arm();
  return () => clearTimeout(timer);
}
