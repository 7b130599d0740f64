import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createLiveChannel,
  LIVE_RESUME_AFTER_MS,
  type CatchUpReason,
  type LiveChannel,
} from './live-channel';

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
  // Closed after each test, so that no channel of an earlier test retries or watches the tab.
  let channels: LiveChannel[] = [];
  const createChannel = () => {
    const channel = createLiveChannel({ path: '/stream', fetchTicket });
    channels.push(channel);
    return channel;
  };

  beforeEach(() => {
    issued = 0;
    fetchTicket.mockClear();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    channels.forEach((channel) => channel.close());
    channels = [];
    vi.unstubAllGlobals();
  });

  it('backs off 5 s, 10 s, 20 s… up to 60 s between tickets, and resets once connected', async () => {
    const channel = createChannel();
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
    const channel = createChannel();
    channel.subscribe('notification', () => {});
    await settle();
    expect(FakeEventSource.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ticketOf(last())).toBe('t-1');
  });

  it('stops at close: no retry, and a ticket arriving late opens nothing', async () => {
    const channel = createChannel();
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

  describe('catch-up', () => {
    let visibility: DocumentVisibilityState;
    const setVisibility = (state: DocumentVisibilityState) => {
      visibility = state;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    let reasons: CatchUpReason[];
    const channelWithCatchUp = () => {
      const channel = createChannel();
      channel.onCatchUp((reason) => reasons.push(reason));
      return channel;
    };

    beforeEach(() => {
      visibility = 'visible';
      vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
      reasons = [];
    });

    it('is due at the first connection, after a failure, and again after close', async () => {
      const channel = channelWithCatchUp();
      const stop = channel.subscribe('notification', () => {});
      await settle();
      last().onopen?.();
      expect(reasons).toEqual(['connected']);

      last().onerror?.();
      await vi.advanceTimersByTimeAsync(5_000);
      last().onopen?.();
      expect(reasons).toEqual(['connected', 'reconnected']);

      stop();
      channel.subscribe('notification', () => {});
      await settle();
      last().onopen?.();
      expect(reasons).toEqual(['connected', 'reconnected', 'connected']);
    });

    it('is due when the tab returns after a while hidden, not after a glance', async () => {
      const channel = channelWithCatchUp();
      channel.subscribe('notification', () => {});
      await settle();
      last().onopen?.();
      reasons = [];

      setVisibility('hidden');
      await vi.advanceTimersByTimeAsync(LIVE_RESUME_AFTER_MS - 1_000);
      setVisibility('visible');
      expect(reasons).toEqual([]);

      setVisibility('hidden');
      await vi.advanceTimersByTimeAsync(LIVE_RESUME_AFTER_MS);
      setVisibility('visible');
      expect(reasons).toEqual(['resumed']);
      expect(FakeEventSource.instances).toHaveLength(1);
    });

    it('reconnects at once when the tab returns during a retry pause, and catches up once', async () => {
      const channel = channelWithCatchUp();
      channel.subscribe('notification', () => {});
      await settle();
      last().onopen?.();
      setVisibility('hidden');
      for (let failure = 0; failure < 3; failure += 1) {
        last().onerror?.();
        await vi.advanceTimersByTimeAsync(5_000 * 2 ** failure);
      }
      last().onerror?.(); // the next try is 40 s away
      await vi.advanceTimersByTimeAsync(1_000);
      const tried = FakeEventSource.instances.length;

      setVisibility('visible');
      await settle();
      expect(FakeEventSource.instances).toHaveLength(tried + 1);
      last().onopen?.();
      expect(reasons).toEqual(['connected', 'reconnected']);
    });

    it('no longer watches the tab once closed', async () => {
      const channel = channelWithCatchUp();
      const stop = channel.subscribe('notification', () => {});
      await settle();
      last().onopen?.();
      stop();
      setVisibility('hidden');
      await vi.advanceTimersByTimeAsync(LIVE_RESUME_AFTER_MS);
      setVisibility('visible');
      await settle();
      expect(reasons).toEqual(['connected']);
      expect(FakeEventSource.instances).toHaveLength(1);
    });
  });
});
