import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { profileDateIssues, type UserFlagsBody, type UserSelf } from '@pawsy/contract';
import { epochMark, type DbOrTrx } from '../../db/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { IMAGE_TYPES, readMultipart } from '../../lib/uploads.ts';
import {
  IMAGE_MAX_BYTES,
  removeProfilePhoto,
  sendPhoto,
  storeProfilePhoto,
  thumbnailName,
} from '../../lib/images.ts';
import { recordAdminAction } from '../audit/index.ts';
import { ensureWelcomeNotification, isWelcomed, notifyUser } from '../notifications/index.ts';
import { syncProviderLocation } from '../sitters/index.ts';
import { changedDateFields, parseProfileFields, type ProfileChanges } from './profile-input.ts';
import { findUserById, findUserVersion, updateUser } from './users.repository.ts';
import { changedIdentityFields, keepIdentity, type IdentityReviewCheck } from './identity-lock.ts';
import { cachedProfileJson, unchangedProfileJson } from './profile-cache.ts';
import { toUserWire, type UserRow } from '../../lib/user-wire.ts';

/** A live user's row, or 404. */
export async function getUser(db: DbOrTrx, id: string): Promise<UserRow & { version: number }> {
  const row = await findUserById(db, id);
  if (!row) throw notFound('User');
  return row;
}

/**
 * ownProfileJson's answer at once when nothing can have changed it (profile-cache.ts
 * unchangedProfileJson) and the welcome is known to be there; else undefined.
 */
export function unchangedOwnProfileJson(
  app: FastifyInstance,
  caller: AuthUser,
): string | undefined {
  if (!isWelcomed(app, caller.id)) return undefined;
  return unchangedProfileJson(app.db, caller.id);
}

/**
 * The caller's own profile as the JSON body the route sends (`serialize`, the route's compiled
 * serialiser, wraps it), from profile-cache.ts while the row is unchanged; the first fetch ever
 * also leaves a welcome notification.
 */
export async function ownProfileJson(
  app: FastifyInstance,
  caller: AuthUser,
  serialize: (user: UserSelf) => string,
): Promise<string> {
  // Taken before the version is read: a write between the two makes the kept answer ask again.
  const mark = epochMark(app.db);
  const version = await findUserVersion(app.db, caller.id);
  if (version === undefined) throw notFound('User');
  // A member's first fetch leaves the welcome; an admin has no profile to complete for others.
  if (caller.userType !== 'admin') await ensureWelcomeNotification(app, caller.id);
  return cachedProfileJson(app.db, caller.id, version, mark, async () => {
    const row = await getUser(app.db, caller.id);
    return { version: row.version, json: serialize(toUserWire(row)) };
  });
}

/**
 * PUT /api/user/update-profile. `isUnderReview` tells whether the caller's KYC documents wait
 * for review (the KYC area knows; it imports users, so it is handed in, not imported).
 */
export async function updateOwnProfile(
  app: FastifyInstance,
  request: FastifyRequest,
  caller: AuthUser,
  isUnderReview: IdentityReviewCheck,
): Promise<UserSelf> {
  const { fields, files } = await readMultipart(request, app.storage, {
    maxFiles: 1,
    maxFileBytes: IMAGE_MAX_BYTES,
    allowedTypes: IMAGE_TYPES,
    fileFields: ['image'],
  });
  let changes;
  try {
    changes = parseProfileFields(fields);
  } catch (err) {
    for (const f of files) removeProfilePhoto(app.storage, f.storedName);
    throw err;
  }
  const upload = files[0];
  const photo = upload ? await storeProfilePhoto(app.storage, upload) : null;
  let previousPhoto: string | null = null;
  try {
    await app.db.transaction().execute(async (trx) => {
      const current = await findUserById(trx, caller.id);
      if (!current) throw notFound('User');
      previousPhoto = photo ? current.image_path : null;
      assertProfileDates(current, changes);
      const lock = await identityLockOf(trx, current, changes, isUnderReview);
      const toWrite = keepIdentity(current, changes, lock);
      await updateUser(trx, caller.id, {
        ...toWrite,
        ...(photo ? { image_path: photo } : {}),
        updated_at: nowIso(),
      });
      if (current.user_type === 'provider' && changes.latitude !== undefined) {
        await syncProviderLocation(
          trx,
          caller.id,
          changes.latitude ?? null,
          changes.longitude ?? null,
        );
      }
    });
  } catch (err) {
    removeProfilePhoto(app.storage, photo);
    throw err;
  }
  removeProfilePhoto(app.storage, previousPhoto);
  return toUserWire(await getUser(app.db, caller.id));
}

/** Why the identity fields may not change now, if so (KYC is asked only when one would). */
async function identityLockOf(
  trx: DbOrTrx,
  current: UserRow,
  changes: ProfileChanges,
  isUnderReview: IdentityReviewCheck,
): Promise<'verified' | 'under-review' | null> {
  // Either flag shows a "Verified" badge on the card (SPEC §1: admins set both): a name changed
  // under it would carry a badge nobody gave that name, e.g. after a later submission's rejection
  // cleared KYC_verified alone.
  if (current.kyc_verified === 1 || current.is_verified === 1) return 'verified';
  if (changedIdentityFields(current, changes).length === 0) return null;
  return (await isUnderReview(trx, current.id)) ? 'under-review' : null;
}

/** The dates the profile would have, judged where this update sets one (400 naming each). */
function assertProfileDates(current: UserRow, changes: ProfileChanges): void {
  const changed = changedDateFields(changes);
  if (changed.length === 0) return;
  const issues = profileDateIssues(
    {
      dob: changes.dob ?? current.dob,
      date_of_issue: changes.date_of_issue ?? current.date_of_issue,
      date_of_expiry: changes.date_of_expiry ?? current.date_of_expiry,
    },
    changed,
  );
  const first = issues[0];
  if (first) throw new AppError('VALIDATION', `${first.path}: ${first.message}`, issues);
}

/** Any signed-in user may see a profile photo (it is on every sitter card). */
export async function sendUserImage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  size: 'full' | 'thumb',
): Promise<FastifyReply> {
  const row = await getUser(app.db, id);
  if (!row.image_path) throw notFound('Image');
  const isWebp = row.image_path.endsWith('.webp');
  const name = size === 'thumb' && isWebp ? thumbnailName(row.image_path) : row.image_path;
  return sendPhoto(request, reply, app.storage, name, mimeOf(name));
}

const mimeOf = (name: string): string =>
  name.endsWith('.png') ? 'image/png' : name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';

const flagLabels = { is_verified: 'verified', KYC_verified: 'KYC verified', is_paid: 'paid' };

/** The current values of the flags a change names, as the wire spells them. */
function flagsOf(row: UserRow, body: UserFlagsBody): UserFlagsBody {
  const now = {
    is_verified: !!row.is_verified,
    KYC_verified: !!row.kyc_verified,
    is_paid: !!row.is_paid,
  };
  return Object.fromEntries(
    (Object.keys(now) as (keyof typeof now)[])
      .filter((k) => body[k] !== undefined)
      .map((k) => [k, now[k]]),
  );
}

/**
 * Admin only: trust flags (is_verified, KYC_verified) and the paid flag; the user is told, unless
 * the caller tells them itself (a KYC decision sends its own notification and mail).
 */
export async function setUserFlags(
  app: FastifyInstance,
  id: string,
  body: UserFlagsBody,
  options: { notify?: boolean; actorId?: string } = {},
): Promise<UserSelf> {
  if (options.actorId === id) throw forbidden('Another admin must change your own flags');
  const current = await getUser(app.db, id);
  const changes: Record<string, number> = {};
  if (body.is_verified !== undefined) changes.is_verified = body.is_verified ? 1 : 0;
  if (body.KYC_verified !== undefined) changes.kyc_verified = body.KYC_verified ? 1 : 0;
  if (body.is_paid !== undefined) changes.is_paid = body.is_paid ? 1 : 0;
  await app.db.transaction().execute(async (trx) => {
    await updateUser(trx, id, { ...changes, updated_at: nowIso() });
    // An admin's change is audited with the same transaction; callers without an actor (KYC
    // decisions, payments) record their own entry or are not admin actions.
    if (options.actorId) {
      await recordAdminAction(trx, {
        actorId: options.actorId,
        action: 'user.flags',
        targetType: 'user',
        targetId: id,
        subjectUserId: id,
        before: flagsOf(current, body),
        after: body,
      });
    }
  });
  const described = (Object.keys(flagLabels) as (keyof typeof flagLabels)[])
    .filter((k) => body[k] !== undefined)
    .map((k) => `${body[k] ? '' : 'not '}${flagLabels[k]}`);
  if (options.notify === false) return toUserWire(await getUser(app.db, id));
  await notifyUser(app, id, {
    type: 'account',
    message: `An administrator updated your account: ${described.join(', ')}.`,
    data: { flags: body },
  });
  return toUserWire(await getUser(app.db, id));
}

/**
 * KYC_verified and is_verified as a KYC decision says, inside the decision's transaction (so two
 * decisions in turn leave the flags agreeing with the record); the KYC area tells the member.
 */
export async function setIdentityFlags(trx: DbOrTrx, id: string, verified: boolean): Promise<void> {
  const flag = verified ? 1 : 0;
  await updateUser(trx, id, { kyc_verified: flag, is_verified: flag, updated_at: nowIso() });
}

/**
 * is_paid as billing's state says, inside billing's transaction (a subscription starting or
 * ending); no notification here: billing tells the member itself.
 */
export async function setPaidFlag(trx: DbOrTrx, id: string, paid: boolean): Promise<void> {
  await updateUser(trx, id, { is_paid: paid ? 1 : 0, updated_at: nowIso() });
}

/**
 * Closes an account the soft way (DESIGN §3): the row stays for the bookings, reviews, messages
 * and disputes that point to it, which show it as "Former member"; every personal field is
 * emptied, the sign-in address is freed for a new signup and no password opens it again. Returns
 * the profile photo to remove from the store once the transaction has committed.
 */
export async function anonymiseAccount(trx: DbOrTrx, userId: string): Promise<string | null> {
  const current = await findUserById(trx, userId);
  if (!current) throw notFound('User');
  await updateUser(trx, userId, {
    email: `closed-${userId}@closed.pawsy.invalid`,
    // Not a hash any password verifies against: the account cannot be signed in to again.
    password_hash: '!closed',
    first_name: 'Former',
    last_name: 'member',
    phone: '',
    dob: null,
    emergency_phone: null,
    bio: null,
    headline: null,
    address: null,
    city: null,
    state: null,
    zip: null,
    country: null,
    date_of_issue: null,
    date_of_expiry: null,
    document_type: null,
    preferred_location: null,
    image_path: null,
    latitude: null,
    longitude: null,
    email_notification: 0,
    deleted_at: nowIso(),
    updated_at: nowIso(),
  });
  if (current.user_type === 'provider') await syncProviderLocation(trx, userId, null, null);
  return current.image_path;
}
