import type { MailMessage } from './mailer.ts';

/**
 * `firstName` null: the name was typed by whoever signed up with the address, not yet confirmed
 * by its owner, so the mail greets without it (no stranger's text in someone's inbox).
 */
type Recipient = { email: string; firstName: string | null };
type Mail = Omit<MailMessage, 'to'>;

const BRAND = 'Pawsy';
const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
/** Names go into plain text too; keep them on one line and of sane length. */
const plainName = (s: string): string => s.replace(/[\r\n\t]+/g, ' ').slice(0, 100);
const hello = (to: Recipient): string =>
  to.firstName ? `Hi ${plainName(to.firstName)},` : 'Hello,';

function layout(title: string, bodyHtml: string, publicUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Helvetica,Arial,sans-serif;color:#2d2a26">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:22px;font-weight:bold;color:#e4572e;margin:0 0 24px">🐾 ${BRAND}</p>
${bodyHtml}
<p style="font-size:12px;color:#8a837a;margin-top:32px">${BRAND} · <a href="${escapeHtml(publicUrl)}" style="color:#8a837a">${escapeHtml(publicUrl)}</a><br>You get this mail because of an action on your ${BRAND} account.</p>
</td></tr></table></body></html>`;
}

function codeBlock(code: string): string {
  return `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center;background:#fdf1ea;border-radius:8px;padding:16px;margin:24px 0">${code}</p>`;
}

/** A mail carrying a one-time code: a greeting, why it came, the code, how long it lasts. */
function codeMail(
  to: Recipient,
  code: string,
  minutes: number,
  publicUrl: string,
  parts: {
    template: string;
    subject: string;
    /** The line before the code in the plain text (which ends with the code itself). */
    textLead: string;
    /** The same line in the HTML, which shows the code in a block below it. */
    htmlLead: string;
    /** What to do if the mail was not expected. */
    ignore: string;
  },
): Mail {
  const validity = `It is valid for ${minutes} minutes. ${parts.ignore}`;
  const text = [
    hello(to),
    '',
    `${parts.textLead} ${code}`,
    '',
    validity,
    '',
    `— The ${BRAND} team`,
  ].join('\n');
  const html = layout(
    parts.subject,
    `<p>${escapeHtml(hello(to))}</p>
<p>${parts.htmlLead}</p>
${codeBlock(code)}
<p>${validity}</p>`,
    publicUrl,
  );
  return { template: parts.template, subject: parts.subject, text, html, code };
}

export function signupCodeMail(
  to: Recipient,
  code: string,
  minutes: number,
  publicUrl: string,
): Mail {
  return codeMail(to, code, minutes, publicUrl, {
    template: 'signup-code',
    subject: `Your ${BRAND} verification code`,
    textLead: `Welcome to ${BRAND}! Your verification code is:`,
    htmlLead: `Welcome to ${BRAND}! Enter this code to verify your email address:`,
    ignore: 'If you did not sign up, you can ignore this mail.',
  });
}

export function resetCodeMail(
  to: Recipient,
  code: string,
  minutes: number,
  publicUrl: string,
): Mail {
  const asked = `Someone asked to reset the password of your ${BRAND} account.`;
  return codeMail(to, code, minutes, publicUrl, {
    template: 'reset-code',
    subject: `Your ${BRAND} password reset code`,
    textLead: `${asked} Your reset code is:`,
    htmlLead: `${asked} Enter this code to choose a new password:`,
    ignore: 'If this was not you, ignore this mail: your password stays as it is.',
  });
}

/**
 * Someone signed up with the address of an existing account: its owner is told, and the signup
 * answer itself looks like any other (no account enumeration, DESIGN §5).
 */
export function signupExistingMail(to: Recipient, publicUrl: string): Mail {
  const subject = `Someone tried to sign up to ${BRAND} with your email`;
  const lead = `Someone tried to create a ${BRAND} account with this email address, which already has one. No new account was made and no code was sent.`;
  const text = [
    hello(to),
    '',
    lead,
    '',
    `If it was you, log in at ${publicUrl}/login, or choose a new password at ${publicUrl}/forgot-password. If not, you can ignore this mail.`,
    '',
    `— The ${BRAND} team`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(hello(to))}</p>
<p>${lead}</p>
<p>If it was you, <a href="${escapeHtml(publicUrl)}/login">log in</a> or <a href="${escapeHtml(publicUrl)}/forgot-password">choose a new password</a>. If not, you can ignore this mail.</p>`,
    publicUrl,
  );
  return { template: 'signup-existing', subject, text, html };
}

export function passwordChangedMail(to: Recipient, publicUrl: string): Mail {
  const subject = `Your ${BRAND} password was changed`;
  const when = new Date().toUTCString();
  const text = [
    hello(to),
    '',
    `The password of your ${BRAND} account was changed on ${when}. Other devices have been signed out.`,
    '',
    `If this was not you, reset your password now at ${publicUrl}/forgot-password and contact us.`,
    '',
    `— The ${BRAND} team`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(hello(to))}</p>
<p>The password of your ${BRAND} account was changed on ${escapeHtml(when)}. Other devices have been signed out.</p>
<p>If this was not you, <a href="${escapeHtml(publicUrl)}/forgot-password">reset your password now</a> and contact us.</p>`,
    publicUrl,
  );
  return { template: 'password-changed', subject, text, html };
}

type ContactMessageInput = {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  createdAt: string;
};

/** A visitor's contact-form message, for the admins; replying answers the visitor. */
export function contactMessageMail(contact: ContactMessageInput, publicUrl: string): Mail {
  const name = plainName(contact.name);
  const topic = contact.subject ? plainName(contact.subject) : 'No subject';
  const subject = `[${BRAND} contact] ${topic} — from ${name}`;
  const text = [
    `New message through the ${BRAND} contact form.`,
    '',
    `From: ${name} <${contact.email}>`,
    `Subject: ${topic}`,
    `Received: ${contact.createdAt} (reference ${contact.id})`,
    '',
    contact.message,
    '',
    `Reply to this mail to answer ${name} directly.`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>New message through the ${BRAND} contact form.</p>
<p><strong>From:</strong> ${escapeHtml(name)} &lt;${escapeHtml(contact.email)}&gt;<br>
<strong>Subject:</strong> ${escapeHtml(topic)}<br>
<strong>Received:</strong> ${escapeHtml(contact.createdAt)} (reference ${escapeHtml(contact.id)})</p>
<div style="white-space:pre-wrap;background:#fdf1ea;border-radius:8px;padding:16px;margin:24px 0">${escapeHtml(contact.message)}</div>
<p>Reply to this mail to answer ${escapeHtml(name)} directly.</p>`,
    publicUrl,
  );
  return { template: 'contact-message', subject, text, html };
}

/** A reviewer's decision on the recipient's KYC documents (modules/kyc). */
export function kycDecisionMail(
  to: Recipient,
  decision: { verified: boolean; reason: string | null },
  publicUrl: string,
): Mail {
  const subject = decision.verified
    ? `Your ${BRAND} identity is verified`
    : `Your ${BRAND} identity check needs another look`;
  const outcome = decision.verified
    ? 'Good news: we checked your documents and your identity is now verified.'
    : 'We could not verify your identity from the documents you sent.';
  const reason = !decision.verified && decision.reason ? `Reason: ${decision.reason}` : '';
  const next = decision.verified
    ? 'Your profile now shows the verified badge.'
    : `You can upload new documents at ${publicUrl}/kyc.`;
  const text = [
    hello(to),
    '',
    outcome,
    ...(reason ? [reason] : []),
    '',
    next,
    '',
    `— The ${BRAND} team`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(hello(to))}</p>
<p>${escapeHtml(outcome)}</p>
${reason ? `<p style="background:#fdf1ea;border-radius:8px;padding:16px">${escapeHtml(reason)}</p>` : ''}
<p>${decision.verified ? escapeHtml(next) : `You can <a href="${escapeHtml(publicUrl)}/kyc">upload new documents</a>.`}</p>`,
    publicUrl,
  );
  return { template: 'kyc-decision', subject, text, html };
}

/** The receipt of a payment fulfilled by billing (a subscription, a renewal or a booking). */
export function paymentReceiptMail(
  to: Recipient,
  receipt: { description: string; amount: string; discount: string | null; reference: string },
  publicUrl: string,
): Mail {
  const subject = `Your ${BRAND} receipt`;
  const lines = [
    `Item: ${receipt.description}`,
    ...(receipt.discount ? [`Discount: ${receipt.discount}`] : []),
    `Paid: ${receipt.amount}`,
    `Reference: ${receipt.reference}`,
  ];
  const text = [
    hello(to),
    '',
    'Thank you for your payment.',
    '',
    ...lines,
    '',
    `— The ${BRAND} team`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(hello(to))}</p>
<p>Thank you for your payment.</p>
<p style="background:#fdf1ea;border-radius:8px;padding:16px">${lines.map(escapeHtml).join('<br>')}</p>`,
    publicUrl,
  );
  return { template: 'payment-receipt', subject, text, html };
}

// The shared layout and escaping, for templates kept in their own files (notice-mail.ts).
export { BRAND, escapeHtml, hello, layout, plainName, type Mail, type Recipient };
