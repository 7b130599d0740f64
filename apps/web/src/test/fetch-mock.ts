import { vi } from 'vitest';

export type FetchCall = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
};
type Reply = { status: number; body?: unknown } | Error;
type Handler = (call: FetchCall) => Reply | Promise<Reply>;

/**
 * Replaces the global fetch (the browser's edge to the API) with a handler; returns the
 * recorded calls so tests can assert what was sent.
 */
export function mockFetch(handler: Handler) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>),
    );
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: FetchCall = { url: String(input), method: init.method ?? 'GET', headers, body };
    calls.push(call);
    const reply = await handler(call);
    if (reply instanceof Error) throw reply;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return { status: reply.status, ok: reply.status < 400, text: async () => text } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
