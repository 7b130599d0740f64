import { buildUrl } from './http';
import { getRuntimeConfig } from './runtime-config';
import { getSessionToken } from './session';

/**
 * The tab's one live channel (Server-Sent Events from /api/notifications/stream). Features
 * subscribe by event type (`notification`, `message`…); the connection opens with the first
 * subscriber and closes with the last one, or at logout. EventSource cannot send headers, so the
 * token and the secret key travel in the query string.
 */

export type LiveListener = (data: unknown) => void;

const STREAM_PATH = '/api/notifications/stream';
/** After the server refused the stream (e.g. a 401), try again this much later. */
const REOPEN_DELAY_MS = 15_000;

const listeners = new Map<string, Set<LiveListener>>();
const attachedTypes = new Set<string>();
const openListeners = new Set<() => void>();
let source: EventSource | null = null;
let sourceToken: string | null = null;
let reopenTimer: ReturnType<typeof setTimeout> | null = null;

const subscriberCount = () => [...listeners.values()].reduce((n, set) => n + set.size, 0);

function dispatch(type: string, raw: string): void {
  let data: unknown = raw;
  try {
    data = JSON.parse(raw);
  } catch {
    // not JSON: hand over the text
  }
  for (const listener of [...(listeners.get(type) ?? [])]) listener(data);
}

function attach(type: string): void {
  if (!source || attachedTypes.has(type)) return;
  attachedTypes.add(type);
  source.addEventListener(type, (event) => dispatch(type, String((event as MessageEvent).data)));
}

function clearReopen(): void {
  if (reopenTimer) clearTimeout(reopenTimer);
  reopenTimer = null;
}

function open(): void {
  const token = getSessionToken();
  if (!token || typeof EventSource === 'undefined') return;
  if (source && sourceToken === token) return;
  closeLiveChannel();
  const url = buildUrl(STREAM_PATH, { token, secretKey: getRuntimeConfig().secretKey });
  const created = new EventSource(url);
  source = created;
  sourceToken = token;
  created.onopen = () => openListeners.forEach((listener) => listener());
  created.onerror = () => {
    // A network drop reconnects by itself; a refused stream (CLOSED) is retried later.
    if (created.readyState !== EventSource.CLOSED || source !== created) return;
    source = null;
    sourceToken = null;
    attachedTypes.clear();
    clearReopen();
    reopenTimer = setTimeout(() => {
      reopenTimer = null;
      if (subscriberCount() > 0) open();
    }, REOPEN_DELAY_MS);
  };
  for (const type of listeners.keys()) attach(type);
}

/** Listens to one event type of the live channel; returns the unsubscribe function. */
export function subscribeLive(type: string, listener: LiveListener): () => void {
  let set = listeners.get(type);
  if (!set) {
    set = new Set();
    listeners.set(type, set);
  }
  set.add(listener);
  open();
  attach(type);
  return () => {
    listeners.get(type)?.delete(listener);
    if (subscriberCount() === 0) closeLiveChannel();
  };
}

/** Called each time the channel (re)connects: a good moment to catch up by polling once. */
export function onLiveOpen(listener: () => void): () => void {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
}

/** Closes the connection (logout, or no subscriber left). Subscriptions stay registered. */
export function closeLiveChannel(): void {
  clearReopen();
  source?.close();
  source = null;
  sourceToken = null;
  attachedTypes.clear();
}

export function isLiveChannelOpen(): boolean {
  return source !== null;
}
