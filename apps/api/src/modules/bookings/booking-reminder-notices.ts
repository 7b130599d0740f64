import type { FastifyInstance } from 'fastify';
import { notifyUser } from '../notifications/index.ts';
import type { Recipient } from './booking-reminders.repository.ts';

const formatters = new Map<string, { when: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }>();
function formattersFor(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = {
      when: new Intl.DateTimeFormat('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
      // en-US names American zones as people say them (CST); elsewhere it gives "GMT+1".
      zone: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
    };
    formatters.set(timeZone, found);
  }
  return found;
}

/**
 * A booking's start as people read it, on the sitter's clock (their calendar's time zone, where
 * the booking happens; UTC until they set one): "Wed 2 Dec 2026, 09:00 CST".
 */
export function formatStart(iso: string, timeZone = 'UTC'): string {
  const { when, zone } = formattersFor(timeZone);
  const at = new Date(iso);
  const zoneName =
    timeZone === 'UTC'
      ? 'UTC'
      : zone.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return `${when.format(at).replace(/,(?= \d{1,2} )/, '')} ${zoneName ?? timeZone}`;
}

export type Notice = {
  /** Notification type; also the mail's template name. */
  type: 'booking-reminder' | 'request-reminder' | 'booking-expired';
  subject: string;
  message: string;
  action: string;
  bookingId: string;
  startAt: string;
};

/** A booking's news by mail too (for those who want mail), linking to the booking's page. */
export const bookingMail = (bookingId: string, subject: string, action = 'See the booking') => ({
  subject,
  action,
  path: `/booking-details/${encodeURIComponent(bookingId)}`,
});

/**
 * Tells one person: a stored, live-pushed notification always, and a mail too when they left
 * email notifications on. Deleted accounts get nothing.
 */
export async function tellRecipient(
  app: FastifyInstance,
  recipient: Recipient | undefined,
  notice: Notice,
): Promise<void> {
  if (!recipient || recipient.deleted_at) return;
  await notifyUser(app, recipient.id, {
    type: notice.type,
    message: notice.message,
    data: { bookingId: notice.bookingId, startAt: notice.startAt },
    mail: bookingMail(notice.bookingId, notice.subject, notice.action),
  });
}
