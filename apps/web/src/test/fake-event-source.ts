import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Stands in for the browser's EventSource so a test can push server events. */
export class FakeEventSource {
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private handlers = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, handler: (event: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  removeEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server refused or dropped the stream (e.g. a spent ticket). */
  fail() {
    this.onerror?.();
  }
  emit(type: string, data: unknown) {
    for (const handler of this.handlers.get(type) ?? [])
      handler({ data: JSON.stringify(data) } as MessageEvent);
  }
}

/** Installs the fake; unstub with vi.unstubAllGlobals(). */
export function stubEventSource(): void {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

/** The stream ticket the live channel asks for before connecting. */
export const streamTicketReply = {
  status: 200,
  body: { success: true, data: { ticket: 't1', expiresAt: new Date().toISOString() } },
};

/** Pushes a notification on the newest (open) live stream. */
export function pushNotification(notification: {
  _id: string;
  type: string;
  message: string;
  data?: Record<string, unknown>;
}): void {
  const source = FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED);
  act(() =>
    source.at(-1)!.emit('notification', {
      read: false,
      time: new Date().toISOString(),
      data: {},
      ...notification,
    }),
  );
}
