// The auth area's public surface: what plugins and other areas may use.
export { findLiveSession, type LiveSession } from './sessions.ts';
// The benchmark scripts sign their synthetic users in without the login flow.
export { openSession, SESSION_TTL_MS } from './sessions.ts';
// Closing an account (the accounts area) asks for the password again and ends every session.
export { isCurrentPassword } from './auth.service.ts';
export { revokeUserSessions } from './sessions.ts';
export { userLimit } from './rate-limits.ts';
