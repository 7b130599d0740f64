import {
  BRAND,
  escapeHtml,
  layout,
  plainName,
  type Mail,
  type Recipient,
} from './mail-templates.ts';

/** What a booking mail says: its template name, subject, one line of news and a link. */
type BookingNotice = {
  template: 'booking-reminder' | 'request-reminder' | 'booking-expired';
  subject: string;
  line: string;
  bookingId: string;
  action: string;
};

/** Booking reminders and expiry (modules/bookings): the same news as the notification. */
export function bookingNoticeMail(to: Recipient, notice: BookingNotice, publicUrl: string): Mail {
  const name = plainName(to.firstName);
  const link = `${publicUrl}/booking-details/${encodeURIComponent(notice.bookingId)}`;
  const text = [
    `Hi ${name},`,
    '',
    notice.line,
    '',
    `${notice.action}: ${link}`,
    '',
    `— The ${BRAND} team`,
  ].join('\n');
  const html = layout(
    notice.subject,
    `<p>Hi ${escapeHtml(name)},</p>
<p>${escapeHtml(notice.line)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(notice.action)}</a></p>`,
    publicUrl,
  );
  return { template: notice.template, subject: notice.subject, text, html };
}
