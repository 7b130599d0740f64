import { act } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { LIVE_RETRY_MIN_MS } from '../lib/live-channel';

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
  /** The server accepted the stream: the browser's `open` event. */
  open() {
    this.onopen?.();
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

// These wait with vi.waitFor, whose timers stay real when a test fakes some, as long as Testing
// Library's waits (setup.ts): a busy machine may take seconds to answer the ticket.
const streamWait = { timeout: 15_000 };

/** The newest live stream, once the channel has opened it (after its ticket arrived). */
export async function liveStreamOpened(): Promise<FakeEventSource> {
  await vi.waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0), streamWait);
  const source = FakeEventSource.instances.at(-1)!;
  act(() => source.open());
  return source;
}

/**
 * The stream drops, the channel waits out its first retry pause (5 s, on fake timers) and opens a
 * new one with a fresh ticket. Whatever `whileDown` changes was never pushed. Fake timers stay on
 * (advancing with real time) until the test ends.
 */
export async function dropAndReconnect(whileDown: () => void = () => {}): Promise<void> {
  const count = FakeEventSource.instances.length;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  act(() => FakeEventSource.instances.at(-1)!.fail());
  whileDown();
  await act(() => vi.advanceTimersByTimeAsync(LIVE_RETRY_MIN_MS));
  await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(count + 1), streamWait);
  act(() => FakeEventSource.instances.at(-1)!.open());
}
