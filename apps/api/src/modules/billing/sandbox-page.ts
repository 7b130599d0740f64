import { createHash } from 'node:crypto';

/** The page's only styles, inline: the CSP below admits exactly this text by its hash. */
const STYLE = `body{margin:0;font-family:system-ui,Helvetica,Arial,sans-serif;background:#f6f3ee;color:#2d2a26}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:32px}
h1{font-size:1.5rem;margin:0 0 8px}.note{color:#5c564f}.amount{font-size:2rem;font-weight:700;margin:16px 0}
.actions{display:flex;gap:12px;margin-top:24px}form{margin:0}
button{font:inherit;padding:10px 20px;border-radius:8px;border:2px solid #b23a12;cursor:pointer}
.pay{background:#b23a12;color:#fff}.cancel{background:#fff;color:#b23a12}
button:focus-visible{outline:3px solid #1c4e80;outline-offset:2px}
`;

/**
 * The page's own CSP: nothing may load or run, only its inline style by hash (the API's default,
 * `default-src 'none'`, blocked it and left the page unstyled). Forms post to this origin.
 */
export const SANDBOX_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join(';');

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

type PageInput = {
  paymentId: string;
  kind: 'subscription' | 'booking';
  amount: string;
  discount: string | null;
  status: string;
  token: string;
  success: string;
  cancel: string;
};

/**
 * A minimal server-rendered checkout page: no script (the CSP allows none inline), two plain
 * forms, so it works with a keyboard and a screen reader and without the web app.
 */
export function sandboxPage(p: PageInput): string {
  const hidden = (['token', 'success', 'cancel'] as const)
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(p[k])}">`)
    .join('');
  const action = (what: string) => `/api/payments/sandbox/${escapeHtml(p.paymentId)}/${what}`;
  const what = p.kind === 'subscription' ? 'Subscription' : 'Booking payment';
  const open = p.status === 'pending';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pawsy payment sandbox</title>
<style>${STYLE}</style></head>
<body><main>
<h1>Payment sandbox</h1>
<p class="note">Test mode: no card is charged. Pay confirms the payment exactly as the payment provider would.</p>
<p>${what}</p>
<p class="amount">${escapeHtml(p.amount)}</p>
${p.discount ? `<p>Coupon discount: ${escapeHtml(p.discount)}</p>` : ''}
${
  open
    ? `<div class="actions">
<form method="post" action="${action('pay')}">${hidden}<button class="pay" type="submit">Pay ${escapeHtml(p.amount)}</button></form>
<form method="post" action="${action('cancel')}">${hidden}<button class="cancel" type="submit">Cancel</button></form>
</div>`
    : `<p role="status">This payment is already ${escapeHtml(p.status)}.</p>
<p><a href="${escapeHtml(p.status === 'cancelled' ? p.cancel : p.success)}">Back to Pawsy</a></p>`
}
</main></body></html>`;
}
