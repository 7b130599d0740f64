import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../lib/ids.ts';
import type { NotificationsTable } from '../../db/schema.ts';

export type NotifyInput = { type: string; message: string; data?: Record<string, unknown> };
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
 * The one way any area tells a user something: stores the notification and pushes it live.
 * A failed push is only logged; the stored row is what the client's polling picks up.
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
  await app.db.insertInto('notifications').values(row).execute();
  const wire = toNotificationWire(row);
  await app.realtime
    .publish(userId, { type: 'notification', data: wire })
    .catch((err: unknown) => app.log.warn({ err }, 'live push failed'));
  return wire;
}
