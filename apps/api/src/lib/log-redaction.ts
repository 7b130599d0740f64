const SECRET_PARAMS = ['token', 'ticket', 'secretKey', 'secret-key'];

/** Blanks credentials that travel in a query string (the SSE stream cannot send headers). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

type LoggedRequest = {
  id: string;
  method: string;
  url: string;
  ip?: string;
  headers: Record<string, unknown>;
};

export function serializeRequest(req: LoggedRequest) {
  return { reqId: req.id, method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
}
