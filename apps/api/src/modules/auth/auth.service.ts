import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { UserSelf } from '@pawsy/contract';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { passwordChangedMail } from '../../lib/mail-templates.ts';
import { mailAfterAnswer, recipientOf } from './auth-mail.ts';
import { newSecretId } from '../../lib/ids.ts';
import { newUserRow } from '../../lib/user-row.ts';
import { toUserWire, type UserRow } from '../../lib/user-wire.ts';
import * as repo from './auth.repository.ts';
import { consumeCode, expireCodes, rejectCode } from './otp.service.ts';
import {
  isLiveSessionOf,
  openSession,
  openSessionWhilePassword,
  REMEMBER_ME_TTL_MS,
  revokeSession,
  revokeUserSessions,
  SESSION_TTL_MS,
} from './sessions.ts';

export const AUTH_MESSAGES = {
  invalidLogin: 'Invalid email or password',
  resendSent:
    'If this email has an unverified account, a new code has been sent. Codes can be requested once a minute.',
  resetSent: 'If an account exists for this email, a password reset code has been sent.',
  unverified:
    'Confirm your email address first: enter the code we emailed you. A new code can be sent once a minute.',
  contestedClaim:
    'This address was signed up more than once before it was confirmed, so a code cannot confirm a password for it. Choose your password with "Forgot password?": its code confirms the address too.',
} as const;

type SignupInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  primary_services: string[];
  userType?: 'user' | 'provider';
};

let dummyHash: Promise<string> | null = null;
/** A real argon2 hash to verify against when the email is unknown, so both cases cost the same. */
export function warmDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
  return dummyHash;
}

/**
 * Creates the account, mails its code and opens a session. An email that already has an account
 * gets the same answer (DESIGN §5: answers never reveal whether an email is registered): a token
 * of a session that does not exist, which every call refuses with 401; the account's owner is
 * mailed that someone tried, and no code is sent, so verify-otp fails as for a wrong code.
 */
export async function signup(app: FastifyInstance, input: SignupInput) {
  // Admin is never reachable from here: the schema only lets 'user' and 'provider' through.
  const userType = input.userType ?? (input.primary_services.length > 0 ? 'provider' : 'user');
  const row: UserRow = newUserRow({
    email: input.email,
    password_hash: await hashPassword(input.password),
    first_name: input.firstName,
    last_name: input.lastName,
    phone: input.phone,
    user_type: userType,
    primary_services: JSON.stringify(input.primary_services),
  });
  const existing = await repo.findActiveUserByEmail(app.db, input.email);
  if (existing && existing.email_verified !== 1) {
    return reclaimUnverified(app, existing, row, input.password);
  }
  let created = false;
  if (!existing) {
    try {
      await repo.insertUser(app.db, row);
      created = true;
    } catch (err) {
      if (!repo.isUniqueViolation(err)) throw err;
    }
  }
  if (!created) return answerTakenEmail(app, row);
  mailAfterAnswer(app, row.email, 'verify-email');
  const session = await openSession(app, row, SESSION_TTL_MS);
  return { session, user: toUserWire(row) };
}

/**
 * Signup with an address whose account was never verified: a claim with another password
 * replaces the earlier one (password, names, phone, role), ends its sessions and its unused
 * codes, and gets a code of its own (once the minute's mail gate allows). So whoever signed up
 * first with someone else's address holds nothing once the owner signs up: the owner's code
 * verifies the owner's password. An unverified account can do nothing but log out
 * (plugins/auth.ts) and cannot log in, so nothing it held changes hands.
 */
async function reclaimUnverified(
  app: FastifyInstance,
  existing: UserRow,
  row: UserRow,
  password: string,
) {
  // The same password: its claimant retrying (a second click, a lost tab), whose code stands.
  if (await verifyPassword(existing.password_hash, password)) {
    mailAfterAnswer(app, existing.email, 'verify-email');
    const session = await openSession(app, existing, SESSION_TTL_MS);
    return { session, user: toUserWire(existing) };
  }
  const claim = {
    password_hash: row.password_hash,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    user_type: row.user_type,
    primary_services: row.primary_services,
  };
  const replaced = await app.db.transaction().execute(async (trx) => {
    if (!(await repo.replaceUnverifiedClaim(trx, existing.id, claim))) return false;
    await repo.markClaimContested(trx, existing.id);
    await revokeUserSessions(trx, existing.id);
    await expireCodes(trx, existing.id, 'verify-email');
    return true;
  });
  // Verified meanwhile: the address is taken after all.
  if (!replaced) return answerTakenEmail(app, row);
  app.sessionCache.revokeUser(existing.id);
  const user = { ...existing, ...claim };
  mailAfterAnswer(app, user.email, 'verify-email');
  const session = await openSession(app, user, SESSION_TTL_MS);
  return { session, user: toUserWire(user) };
}

/**
 * The signup answer for an address already in use: shaped like a new account's, holding none.
 * The owner is told about the attempt, at most once a minute (the gate every auth mail passes).
 */
async function answerTakenEmail(app: FastifyInstance, row: UserRow) {
  mailAfterAnswer(app, row.email, 'signup-notice');
  const expires = new Date(Date.now() + SESSION_TTL_MS);
  const token = await app.tokens.sign(
    { id: row.id, email: row.email, userType: row.user_type, sid: newSecretId() },
    expires,
  );
  return { session: { token, expiresAt: expires.toISOString() }, user: toUserWire(row) };
}

export async function login(
  app: FastifyInstance,
  input: { email: string; password: string; rememberMe: boolean },
): Promise<{ token: string; expiresAt: string; user: UserSelf }> {
  const user = await repo.findActiveUserByEmail(app.db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await warmDummyHash()), input.password);
  if (!user || !ok) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.invalidLogin);
  // Told only to whoever knows the password; the mailed code proves the address first, and a
  // new one goes out (past the minute's wait) for the screen's code step (verify-otp).
  if (user.email_verified !== 1) {
    mailAfterAnswer(app, user.email, 'verify-email');
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.unverified);
  }
  const ttl = input.rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS;
  // The password may have been reset or changed while it was being checked: then it is wrong now.
  const session = await openSessionWhilePassword(app, user, ttl, user.password_hash);
  if (!session) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.invalidLogin);
  return { ...session, user: toUserWire(user) };
}

/** Unknown emails fail exactly like a wrong code. */
async function userForCode(app: FastifyInstance, email: string): Promise<UserRow> {
  const user = await repo.findActiveUserByEmail(app.db, email);
  if (!user) throw rejectCode();
  return user;
}

export async function verifyEmail(
  app: FastifyInstance,
  input: { email: string; otp: string; token: string },
): Promise<void> {
  const user = await userForCode(app, input.email);
  await consumeCode(app, user.id, 'verify-email', input.otp);
  // Signed up again with another password before the code (contested_claims): the inbox's holder
  // got codes for whichever password asked last, so a code alone proves the address, not the
  // password. It confirms the claim only beside that claim's own live session (the signup's
  // token, which the signup dialog sends); a replaced claimant's session ended with the
  // replacement. Anyone else sets their password with a reset, whose code confirms the address.
  if (
    (await repo.isClaimContested(app.db, user.id)) &&
    !(await isLiveSessionOf(app, user.id, input.token))
  )
    throw new AppError('CONFLICT', AUTH_MESSAGES.contestedClaim);
  // Confirmed only if the claim is still the one checked: a replacement landing meanwhile
  // changed the password and expired the code.
  if (!(await repo.confirmClaim(app.db, user.id, user.password_hash))) throw rejectCode();
  // Cached sessions still say "unverified": read them again.
  app.sessionCache.revokeUser(user.id);
}

/**
 * Same answer whatever the email, given before anything is looked up: only an unverified account
 * past the wait gets a new code, after the answer.
 */
export function resendVerification(app: FastifyInstance, email: string): void {
  mailAfterAnswer(app, email, 'verify-email');
}

/** Same answer whatever the email, given before anything is looked up; the code follows it. */
export function forgotPassword(app: FastifyInstance, email: string): void {
  mailAfterAnswer(app, email, 'reset-password');
}

export async function resetPassword(
  app: FastifyInstance,
  input: { email: string; otp: string; password: string },
): Promise<void> {
  const user = await userForCode(app, input.email);
  await consumeCode(app, user.id, 'reset-password', input.otp);
  const hash = await hashPassword(input.password);
  await app.db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, user.id, hash);
    // The code arrived by mail, so the address is proven too.
    await repo.markEmailVerified(trx, user.id);
    await revokeUserSessions(trx, user.id);
  });
  app.sessionCache.revokeUser(user.id);
  // As read before the reset: an address confirmed only now was signed up with unconfirmed names.
  await app.mailer.send({
    to: user.email,
    ...passwordChangedMail(recipientOf(user), app.config.publicUrl),
  });
}

export async function logout(app: FastifyInstance, sessionId: string): Promise<void> {
  await revokeSession(app.db, sessionId);
  app.sessionCache.revokeSession(sessionId);
}

export async function updatePassword(
  app: FastifyInstance,
  caller: { id: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await repo.findUserById(app.db, caller.id);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Session has ended, please log in again');
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    // 400, not 401: the session is fine, only the typed password is wrong.
    throw badRequest('Current password is incorrect', 'currentPassword');
  }
  if (input.currentPassword === input.newPassword) {
    throw badRequest('The new password must be different from the current one', 'newPassword');
  }
  const hash = await hashPassword(input.newPassword);
  await app.db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, user.id, hash);
    await revokeUserSessions(trx, user.id, caller.sessionId);
  });
  app.sessionCache.revokeUser(user.id, caller.sessionId);
  await app.mailer.send({
    to: user.email,
    ...passwordChangedMail({ email: user.email, firstName: user.first_name }, app.config.publicUrl),
  });
}

/** Whether `password` is the live account's current one (an action that asks for it again). */
export async function isCurrentPassword(
  app: FastifyInstance,
  userId: string,
  password: string,
): Promise<boolean> {
  const user = await repo.findUserById(app.db, userId);
  return user !== undefined && (await verifyPassword(user.password_hash, password));
}
