import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveChannel } from './live-channel';

/** The browser's EventSource, reduced to what the channel uses. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  isClosed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener() {}
  close() {
    this.isClosed = true;
  }
}

const last = () => FakeEventSource.instances.at(-1)!;
const ticketOf = (source: FakeEventSource) =>
  new URL(source.url, 'http://x').searchParams.get('ticket');

/** Lets the pending ticket promise settle and the channel open its source. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('live channel', () => {
  let issued: number;
  const fetchTicket = vi.fn(async () => `t-${++issued}`);

  beforeEach(() => {
    issued = 0;
    fetchTicket.mockClear();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('backs off 5 s, 10 s, 20 s… up to 60 s between tickets, and resets once connected', async () => {
    const channel = createLiveChannel({ path: '/stream', fetchTicket });
    channel.subscribe('notification', () => {});
    await settle();
    expect(ticketOf(last())).toBe('t-1');

    const pauses: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      last().onerror?.();
      const before = FakeEventSource.instances.length;
      let waited = 0;
      while (FakeEventSource.instances.length === before) {
        await vi.advanceTimersByTimeAsync(1_000);
        waited += 1_000;
      }
      pauses.push(waited);
    }
    expect(pauses).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
    expect(FakeEventSource.instances.slice(0, -1).every((s) => s.isClosed)).toBe(true);
    expect(ticketOf(last())).toBe('t-7');

    last().onopen?.();
    last().onerror?.();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ticketOf(last())).toBe('t-8');
  });

  it('retries a failed ticket request later', async () => {
    fetchTicket.mockRejectedValueOnce(new Error('offline'));
    const channel = createLiveChannel({ path: '/stream', fetchTicket });
    channel.subscribe('notification', () => {});
    await settle();
    expect(FakeEventSource.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ticketOf(last())).toBe('t-1');
  });

  it('stops at close: no retry, and a ticket arriving late opens nothing', async () => {
    const channel = createLiveChannel({ path: '/stream', fetchTicket });
    const stop = channel.subscribe('notification', () => {});
    await settle();
    last().onerror?.();
    channel.close();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchTicket).toHaveBeenCalledTimes(1);
    stop();

    let release: (ticket: string) => void = () => {};
    fetchTicket.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const unsubscribe = channel.subscribe('notification', () => {});
    unsubscribe();
    release('late');
    await settle();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(channel.isOpen()).toBe(false);
  });
});
