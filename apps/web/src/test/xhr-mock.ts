import { vi } from 'vitest';

export type XhrCall = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData | null;
};
type XhrReply = { status: number; body?: unknown };

/**
 * Replaces XMLHttpRequest (what the upload client uses, for progress) with a fake that records
 * each request and answers with the handler's reply after reporting 50% and 100% progress.
 */
export function mockXhr(handler: (call: XhrCall) => XhrReply) {
  const calls: XhrCall[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private call: XhrCall = { method: '', url: '', headers: {}, body: null };

    open(method: string, url: string) {
      this.call = { method, url, headers: {}, body: null };
    }
    setRequestHeader(name: string, value: string) {
      this.call.headers[name] = value;
    }
    send(body: FormData | null) {
      this.call.body = body;
      calls.push(this.call);
      const reply = handler(this.call);
      setTimeout(() => {
        for (const loaded of [50, 100]) {
          this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
        }
        this.status = reply.status;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return calls;
}
