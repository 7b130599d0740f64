import { useEffect, useRef } from 'react';
import { liveChannel } from './live-channel';
import type { AppNotification } from './notifications-api';
import { isNotification } from './notifications-model';

/**
 * What a screen may refresh on: a notification pushed live, or this tab marking all read (the
 * bell's own action, which the server does not push back).
 */
export type LiveRefreshEvent =
  { kind: 'notification'; notification: AppNotification } | { kind: 'all-read' };

type Listener = (event: LiveRefreshEvent) => void;
const localListeners = new Set<Listener>();

/** Tells the open screens that every notification was just marked read in this tab. */
export function announceAllRead(): void {
  for (const listener of [...localListeners]) listener({ kind: 'all-read' });
}

/**
 * Re-fetches what a screen shows, once, when the live stream may have missed events: it came
 * back after a drop, or the tab came back after a while hidden. Not at the first connection: the
 * screen fetched when it mounted. `refetch` may change every render.
 */
export function useLiveCatchUp(refetch: () => void, enabled = true): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    return liveChannel.onCatchUp((reason) => {
      if (reason !== 'connected') latest.current();
    });
  }, [enabled]);
}

/**
 * Re-fetches what a screen shows when a live event concerns it, so the screen does not go stale
 * while the bell already tells the news, and after the stream missed events (useLiveCatchUp).
 * `isRelevant` and `refetch` may change every render.
 */
export function useLiveRefresh(
  isRelevant: (event: LiveRefreshEvent) => boolean,
  refetch: () => void,
  enabled = true,
): void {
  const latest = useRef({ isRelevant, refetch });
  useEffect(() => {
    latest.current = { isRelevant, refetch };
  });
  useLiveCatchUp(refetch, enabled);
  useEffect(() => {
    if (!enabled) return undefined;
    const handle: Listener = (event) => {
      if (latest.current.isRelevant(event)) latest.current.refetch();
    };
    localListeners.add(handle);
    const stopLive = liveChannel.subscribe('notification', (data) => {
      if (isNotification(data)) handle({ kind: 'notification', notification: data });
    });
    return () => {
      localListeners.delete(handle);
      stopLive();
    };
  }, [enabled]);
}

const bookingIdOf = (n: AppNotification): unknown => (n.data as { bookingId?: unknown }).bookingId;

/** A notification about booking `id` (a request, a decision, a status move…). */
export const concernsBooking =
  (id: string) =>
  (event: LiveRefreshEvent): boolean =>
    event.kind === 'notification' && bookingIdOf(event.notification) === id;

/** Any notification about bookings, their requests or series. */
export function isBookingEvent(event: LiveRefreshEvent): boolean {
  if (event.kind !== 'notification') return false;
  const { notification } = event;
  return (
    typeof bookingIdOf(notification) === 'string' ||
    /^(booking|series|request)-/.test(notification.type)
  );
}
