import type { AppNotification } from './notifications-api';

/**
 * The fields ordering reads. Live pushes are only checked for _id and message (isNotification),
 * so a missing time is tolerated rather than trusted away.
 */
type Dated = { _id: string; time?: string; data?: { datetime?: string } };

/** When it happened: `time`, else `data.datetime` (SPEC §4); unknown sorts last. */
export function notificationTime(notification: Dated): number {
  const raw = notification.time ?? notification.data?.datetime;
  const ms = raw ? Date.parse(raw) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Newest first by time or data.datetime (SPEC §4, §9). */
export function sortNewestFirst<T extends Dated>(list: T[]): T[] {
  return [...list].sort((a, b) => notificationTime(b) - notificationTime(a));
}

/** Adds incoming notifications to a list, dropping any whose _id is already there. */
export function mergeNotifications<T extends Dated>(current: T[], incoming: T[]): T[] {
  const seen = new Set(current.map((n) => n._id));
  const fresh = incoming.filter((n) => {
    if (!n || typeof n._id !== 'string' || seen.has(n._id)) return false;
    seen.add(n._id);
    return true;
  });
  return fresh.length === 0 ? current : sortNewestFirst([...fresh, ...current]);
}

export function isNotification(value: unknown): value is AppNotification {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AppNotification)._id === 'string' &&
    typeof (value as AppNotification).message === 'string'
  );
}
