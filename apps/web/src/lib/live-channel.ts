import { buildUrl } from './http';

/**
 * A live channel: Server-Sent Events from one path, opened with the first subscriber and closed
 * with the last one (or at logout). EventSource cannot send headers, and a long-lived token must
 * not sit in a URL (logs, proxies, history), so every connection is opened with a fresh
 * single-use ticket fetched just before. A ticket cannot be reused, so on any error the browser's
 * own reconnect is stopped and a new ticket is fetched after a growing pause.
 */

export type LiveListener = (data: unknown) => void;

/**
 * Why a catch-up fetch may be due: the first connection (only what happened while it was being
 * opened can be missing), a reconnection after a failure (everything pushed while it was down),
 * or the tab's return after a while hidden (a sleeping or frozen tab may hold a dead stream).
 */
export type CatchUpReason = 'connected' | 'reconnected' | 'resumed';
export type CatchUpListener = (reason: CatchUpReason) => void;

export type LiveChannelOptions = {
  /** The stream's path; the ticket goes in its query string. */
  path: string;
  /** A fresh ticket for one connection (an authenticated API call). */
  fetchTicket: () => Promise<string>;
  /** First pause after a failure; it doubles after each failure in a row up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** How long the tab must have been hidden for its return to call for a catch-up. */
  resumeAfterMs?: number;
};

export type LiveChannel = {
  /** Listens to one event type; returns the unsubscribe function. */
  subscribe: (type: string, listener: LiveListener) => () => void;
  /**
   * Called each time events pushed on this channel may have been missed: a good moment to fetch
   * once what a screen shows. Returns the unsubscribe function.
   */
  onCatchUp: (listener: CatchUpListener) => () => void;
  /** Closes the connection and stops retrying (logout). Subscriptions stay registered. */
  close: () => void;
  isOpen: () => boolean;
};

export const LIVE_RETRY_MIN_MS = 5_000;
export const LIVE_RETRY_MAX_MS = 60_000;
/** A glance at another tab costs no fetch: an open stream kept delivering meanwhile. */
export const LIVE_RESUME_AFTER_MS = 30_000;

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw; // not JSON: hand over the text
  }
}

export function createLiveChannel(options: LiveChannelOptions): LiveChannel {
  const minDelay = options.minDelayMs ?? LIVE_RETRY_MIN_MS;
  const maxDelay = options.maxDelayMs ?? LIVE_RETRY_MAX_MS;
  const listeners = new Map<string, Set<LiveListener>>();
  const resumeAfter = options.resumeAfterMs ?? LIVE_RESUME_AFTER_MS;
  const catchUpListeners = new Set<CatchUpListener>();
  const attachedTypes = new Set<string>();
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  // Bumped by close(): a ticket that arrives for an older generation opens nothing.
  let generation = 0;
  let fetchingFor: number | null = null;
  let isConnected = false;
  let hiddenSince: number | null = null;
  let isWatchingVisibility = false;

  const subscriberCount = () => [...listeners.values()].reduce((n, set) => n + set.size, 0);

  function attach(type: string): void {
    if (!source || attachedTypes.has(type)) return;
    attachedTypes.add(type);
    source.addEventListener(type, (event) => {
      const data = parse(String((event as MessageEvent).data));
      for (const listener of [...(listeners.get(type) ?? [])]) listener(data);
    });
  }

  function dropSource(): void {
    source?.close();
    source = null;
    isConnected = false;
    attachedTypes.clear();
  }

  function catchUp(reason: CatchUpReason): void {
    for (const listener of [...catchUpListeners]) listener(reason);
  }

  /** Back after a while hidden: catch up on an open stream, or reconnect now instead of waiting. */
  function onVisibilityChange(): void {
    if (document.visibilityState === 'hidden') {
      hiddenSince ??= Date.now();
      return;
    }
    const wasHiddenFor = hiddenSince === null ? 0 : Date.now() - hiddenSince;
    hiddenSince = null;
    if (wasHiddenFor < resumeAfter) return;
    if (isConnected) catchUp('resumed');
    else if (retryTimer) {
      // The reconnection's own catch-up follows: one fetch, not two.
      clearTimeout(retryTimer);
      retryTimer = null;
      void connect();
    }
  }

  function watchVisibility(isOn: boolean): void {
    if (typeof document === 'undefined' || isOn === isWatchingVisibility) return;
    isWatchingVisibility = isOn;
    hiddenSince = isOn && document.visibilityState === 'hidden' ? Date.now() : null;
    if (isOn) document.addEventListener('visibilitychange', onVisibilityChange);
    else document.removeEventListener('visibilitychange', onVisibilityChange);
  }

  function retryLater(): void {
    const delay = Math.min(minDelay * 2 ** failures, maxDelay);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
  }

  async function connect(): Promise<void> {
    const isBusy = source || retryTimer || fetchingFor === generation;
    if (isBusy || subscriberCount() === 0 || typeof EventSource === 'undefined') return;
    const gen = generation;
    fetchingFor = gen;
    watchVisibility(true);
    let ticket: string;
    try {
      ticket = await options.fetchTicket();
    } catch {
      if (gen !== generation) return;
      fetchingFor = null;
      retryLater();
      return;
    }
    if (gen !== generation) return;
    fetchingFor = null;
    if (subscriberCount() === 0) return;
    const created = new EventSource(buildUrl(options.path, { ticket }));
    source = created;
    created.onopen = () => {
      if (source !== created) return;
      // Any failure since the last close means a gap in which events went undelivered.
      const reason = failures > 0 ? 'reconnected' : 'connected';
      failures = 0;
      isConnected = true;
      catchUp(reason);
    };
    created.onerror = () => {
      if (source !== created) return;
      dropSource();
      retryLater();
    };
    for (const type of listeners.keys()) attach(type);
  }

  function close(): void {
    generation += 1;
    fetchingFor = null;
    failures = 0;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    dropSource();
    watchVisibility(false);
  }

  return {
    subscribe(type, listener) {
      let set = listeners.get(type);
      if (!set) {
        set = new Set();
        listeners.set(type, set);
      }
      set.add(listener);
      attach(type);
      void connect();
      return () => {
        listeners.get(type)?.delete(listener);
        if (subscriberCount() === 0) close();
      };
    },
    onCatchUp(listener) {
      catchUpListeners.add(listener);
      return () => catchUpListeners.delete(listener);
    },
    close,
    isOpen: () => source !== null,
  };
}
