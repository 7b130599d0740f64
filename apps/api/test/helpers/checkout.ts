import type { TestApp } from './app.ts';

/**
 * Drives the local payment sandbox as a browser would: opens the checkout page at `url`, finds
 * the form whose button reads `button` ('Pay' or 'Cancel') and submits it. Returns the answer
 * (a redirect back to the web app).
 */
export async function submitSandbox(t: TestApp, url: string, button: 'Pay' | 'Cancel') {
  const page = await t.call({ method: 'GET', url: pathOf(url), noSecret: true });
  if (page.statusCode !== 200) throw new Error(`checkout page: ${page.statusCode} ${page.body}`);
  const forms = [...page.body.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)];
  const form = forms.find(([, , inner]) =>
    new RegExp(`<button\\b[^>]*>\\s*${button}\\b`, 'i').test(inner ?? ''),
  );
  if (!form) throw new Error(`no ${button} form on the checkout page:\n${page.body}`);
  const attrs = form[1] ?? '';
  const action = /action="([^"]*)"/i.exec(attrs)?.[1]?.replace(/&amp;/g, '&') ?? pathOf(url);
  const fields = new URLSearchParams();
  for (const [, input] of (form[2] ?? '').matchAll(/<input\b([^>]*)>/gi)) {
    const name = /name="([^"]*)"/i.exec(input ?? '')?.[1];
    const value = /value="([^"]*)"/i.exec(input ?? '')?.[1] ?? '';
    if (name) fields.append(name, value.replace(/&amp;/g, '&'));
  }
  return t.call({
    method: 'POST',
    url: pathOf(new URL(action, url).toString()),
    noSecret: true,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: fields.toString(),
  });
}

const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
};
