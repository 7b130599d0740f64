import type { FastifyInstance } from 'fastify';
import { toPageMeta } from '@pawsy/contract';
import { notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { noticeMail } from '../../lib/notice-mail.ts';
import type { NotificationsTable } from '../../db/schema.ts';
import * as repo from './notifications.repository.ts';

/** The same news by mail, to a user who left email notifications on (the profile's switch). */
export type NotifyMail = {
  subject: string;
  /** The link's words and the web app's path it opens. */
  action: string;
  path: string;
  /**
   * Mail only when no notification of this type is still unread (chat messages: one mail, not
   * one per message, until the user has looked).
   */
  onceUntilRead?: boolean;
};
export type NotifyInput = {
  type: string;
  message: string;
  data?: Record<string, unknown>;
  mail?: NotifyMail;
};
export type NotificationWire = {
  _id: string;
  type: string;
  message: string;
  time: string;
  read: boolean;
  data: Record<string, unknown> & { datetime: string };
};

export function toNotificationWire(row: NotificationsTable): NotificationWire {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  return {
    _id: row.id,
    type: row.type,
    message: row.message,
    time: row.created_at,
    read: row.read_at !== null,
    data: { ...data, datetime: row.created_at },
  };
}

/**
 * The one way any area tells a user something: stores the notification and pushes it live, and
 * mails it when `mail` is given and the user wants mail. A failed push is only logged; the stored
 * row is what the client's polling picks up (a failed mail is logged by the mailer).
 */
export async function notifyUser(
  app: FastifyInstance,
  userId: string,
  input: NotifyInput,
): Promise<NotificationWire> {
  const row: NotificationsTable = {
    id: newId(),
    user_id: userId,
    type: input.type.slice(0, 40),
    message: input.message.slice(0, 500),
    data: JSON.stringify(input.data ?? {}),
    read_at: null,
    created_at: nowIso(),
  };
  // Read before the insert: `onceUntilRead` asks whether an earlier one is still unread.
  const mail = input.mail ? await noticeMailFor(app, userId, row, input.mail) : null;
  await repo.insertNotification(app.db, row);
  const wire = toNotificationWire(row);
  await app.realtime
    .publish(userId, { type: 'notification', data: wire })
    .catch((err: unknown) => app.log.warn({ err }, 'live push failed'));
  if (mail) await app.mailer.send(mail);
  return wire;
}

async function noticeMailFor(
  app: FastifyInstance,
  userId: string,
  row: NotificationsTable,
  notice: NotifyMail,
) {
  const to = await repo.findMailRecipient(app.db, userId);
  if (!to || to.deleted_at !== null || to.email_notification !== 1) return null;
  if (notice.onceUntilRead && (await repo.hasUnreadOfType(app.db, userId, row.type))) return null;
  const mail = noticeMail(
    { email: to.email, firstName: to.first_name },
    { ...notice, template: row.type, line: row.message },
    app.config.publicUrl,
  );
  return { ...mail, to: to.email };
}

/** A page of the unread ones, newest first: the list the client shows (SPEC §4). */
export async function listUnread(
  app: FastifyInstance,
  userId: string,
  query: { page: number; limit: number },
) {
  const [total, rows] = await Promise.all([
    repo.countUnreadRows(app.db, userId),
    repo.listUnreadRows(app.db, userId, (query.page - 1) * query.limit, query.limit),
  ]);
  return {
    success: true as const,
    allNotifications: rows.map(toNotificationWire),
    ...toPageMeta(query.page, query.limit, total),
  };
}

export async function markAllRead(app: FastifyInstance, userId: string): Promise<number> {
  return repo.markAllReadRows(app.db, userId);
}

/** One of the caller's notifications marked read; 404 for an id that is not theirs (or none). */
export async function markRead(
  app: FastifyInstance,
  userId: string,
  id: string,
): Promise<NotificationWire> {
  const row = await repo.markReadRow(app.db, userId, id);
  if (!row) throw notFound('Notification');
  return toNotificationWire(row);
}

/**
 * A booking's notices of one type that the reader has dealt with, marked read: its message
 * notices by reading its thread (with `withUserId`: that counterpart's thread), its "leave a
 * review" notice by reviewing. The reader's tabs are told which (`notifications-read`), so the
 * bell stops counting them at once.
 */
export async function markNoticesRead(
  app: FastifyInstance,
  userId: string,
  about: { type: string; bookingId: string; withUserId?: string },
): Promise<void> {
  const ids = await repo.markReadAbout(
    app.db,
    userId,
    about.type,
    about.bookingId,
    about.withUserId,
  );
  if (ids.length === 0) return;
  await app.realtime
    .publish(userId, { type: 'notifications-read', data: { ids } })
    .catch((err: unknown) => app.log.warn({ err }, 'live push failed'));
}

export async function countUnread(app: FastifyInstance, userId: string): Promise<number> {
  return repo.countUnreadRows(app.db, userId);
}

export const WELCOME_MESSAGE =
  'Welcome to Pawsy! Complete your profile so owners and sitters can get to know you.';

/**
 * Users this process has seen with a notification, per database: they never need a welcome
 * again, so their profile reads skip the lookup. Bounded (oldest out first); forgetting a user
 * only costs one lookup.
 */
const WELCOMED_MAX = 50_000;
const welcomed = new WeakMap<object, Set<string>>();

/** Whether this process knows that `userId` needs no welcome (ensureWelcomeNotification does nothing). */
export function isWelcomed(app: FastifyInstance, userId: string): boolean {
  return welcomed.get(app.db)?.has(userId) ?? false;
}

/**
 * Writes the welcome notification for a user who has never had one. Its id is the user's id, so
 * two racing first profile fetches (or the seeder and a fetch) still store exactly one.
 */
export async function ensureWelcomeNotification(
  app: FastifyInstance,
  userId: string,
): Promise<void> {
  let seen = welcomed.get(app.db);
  if (!seen) welcomed.set(app.db, (seen = new Set()));
  if (seen.has(userId)) return;
  const remember = () => {
    if (seen.size >= WELCOMED_MAX) seen.delete(seen.values().next().value as string);
    seen.add(userId);
  };
  if (await repo.hasAnyNotification(app.db, userId)) return remember();
  const row: NotificationsTable = {
    id: userId,
    user_id: userId,
    type: 'welcome',
    message: WELCOME_MESSAGE,
    data: '{}',
    read_at: null,
    created_at: nowIso(),
  };
  const inserted = await repo.insertNotificationOnce(app.db, row);
  remember();
  if (!inserted) return;
  await app.realtime
    .publish(userId, { type: 'notification', data: toNotificationWire(row) })
    .catch((err: unknown) => app.log.warn({ err }, 'live push failed'));
}
