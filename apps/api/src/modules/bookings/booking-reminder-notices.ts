import type { FastifyInstance } from 'fastify';
import { notifyUser } from '../notifications/index.ts';
import type { Recipient } from './booking-reminders.repository.ts';

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
