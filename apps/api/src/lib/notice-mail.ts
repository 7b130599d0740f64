import { BRAND, escapeHtml, hello, layout, type Mail, type Recipient } from './mail-templates.ts';

/** What a notice mail says: its template name, subject, one line of news and a link. */
export type Notice = {
  /** The notification's type, which names the mail's template. */
  template: string;
  subject: string;
  line: string;
  /** The web app's path the link opens ("/booking-details/…"). */
  path: string;
  action: string;
};

/**
 * A notification sent as mail too (bookings, messages, reminders): the same news, with a link to
 * where it is answered.
 */
export function noticeMail(to: Recipient, notice: Notice, publicUrl: string): Mail {
  const link = `${publicUrl}${notice.path}`;
  const text = [
    hello(to),
    '',
    notice.line,
    '',
    `${notice.action}: ${link}`,
    '',
    `— The ${BRAND} team`,
  ].join('\n');
  const html = layout(
    notice.subject,
    `<p>${escapeHtml(hello(to))}</p>
<p>${escapeHtml(notice.line)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(notice.action)}</a></p>`,
    publicUrl,
  );
  return { template: notice.template, subject: notice.subject, text, html };
}
