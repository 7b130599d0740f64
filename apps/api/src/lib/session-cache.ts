import type { FastifyBaseLogger } from 'fastify';
import type { RedisClients } from './redis.ts';

/** How long a session found live may be trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 10_000;
/** Bounded: past this many sessions the oldest entry goes first. */
export const SESSION_CACHE_MAX = 10_000;

type Cached<T> = { value: T; userId: string; until: number };
/** What a revocation broadcasts (field names unlike realtime's, which shares the subscriber). */
export type Revocation = { sid: string } | { user: string; keep?: string };

/** Whether a revocation ends session `sid` of `userId`. */
export const revokes = (msg: Revocation, sid: string, userId: string): boolean =>
  'sid' in msg ? msg.sid === sid : msg.user === userId && msg.keep !== sid;

export type SessionCache<T> = {
  /**
   * The live session `sid`, from the cache when it was seen live less than the TTL ago, else from
   * `load` (null: not live; never cached). A revocation that lands while `load` runs wins: that
   * answer is returned but not cached.
   */
  lookup: (
    sid: string,
    load: () => Promise<{ value: T; userId: string; expiresAtMs: number } | null>,
  ) => Promise<T | null>;
  /** Forget one session here at once, and on every other instance through Redis. */
  revokeSession: (sid: string) => void;
  /** Forget every session of a user (but `keep`) here at once, and on the other instances. */
  revokeUser: (userId: string, keep?: string) => void;
  /**
   * Calls `listener` with every revocation, made here or (through Redis) on another instance;
   * returns what removes it. Live streams end on it instead of at their next heartbeat.
   */
  onRevoke: (listener: (msg: Revocation) => void) => () => void;
  /** Revocation listeners registered now (the soak checks they go back to zero). */
  listenerCount: () => number;
  size: () => number;
};

/**
 * Session validity cache. Revocations are applied to this instance's cache synchronously and
 * published on Redis (when configured) so that the other instances drop theirs within the
 * pub/sub delay; should a message be lost (Redis down), the TTL bounds how long another instance
 * may still accept the revoked session.
 */
export async function createSessionCache<T>(
  redis: RedisClients | null,
  log: FastifyBaseLogger,
  ttlMs = SESSION_CACHE_TTL_MS,
  max = SESSION_CACHE_MAX,
): Promise<SessionCache<T>> {
  const entries = new Map<string, Cached<T> & { expiresAtMs: number }>();
  /** Bumped by every revocation: a lookup that started before one does not fill the cache. */
  let epoch = 0;

  const dropSession = (sid: string) => {
    epoch += 1;
    entries.delete(sid);
  };
  const dropUser = (userId: string, keep?: string) => {
    epoch += 1;
    for (const [sid, entry] of entries) {
      if (entry.userId === userId && sid !== keep) entries.delete(sid);
    }
  };
  const listeners = new Set<(msg: Revocation) => void>();
  const apply = (msg: Revocation) => {
    if ('sid' in msg) dropSession(msg.sid);
    else dropUser(msg.user, msg.keep);
    for (const listener of listeners) {
      try {
        listener(msg);
      } catch (err) {
        log.warn({ err }, 'a session revocation listener failed');
      }
    }
  };

  const channel = redis?.channel('sessions') ?? '';
  if (redis) {
    redis.subscriber.on('message', (heard: string, raw: string) => {
      if (heard !== channel) return;
      try {
        apply(JSON.parse(raw) as Revocation);
      } catch (err) {
        log.warn({ err }, 'dropped a malformed session revocation');
      }
    });
    // The SUBSCRIBE waits in the offline queue while Redis is down; start-up does not.
    const subscribed = redis.subscriber.subscribe(channel).catch((err: unknown) => {
      log.warn({ err }, 'session revocations could not subscribe to Redis');
    });
    if (redis.subscriber.status === 'ready') await subscribed;
  }
  const broadcast = (msg: Revocation) => {
    apply(msg);
    // Already logged once per outage by lib/redis; the TTL bounds the other instances.
    redis?.commands.publish(channel, JSON.stringify(msg)).catch(() => undefined);
  };

  return {
    async lookup(sid, load) {
      const now = Date.now();
      const hit = entries.get(sid);
      if (hit) {
        if (hit.until > now && hit.expiresAtMs > now) return hit.value;
        entries.delete(sid);
      }
      const started = epoch;
      const found = await load();
      if (!found) return null;
      if (epoch === started && ttlMs > 0) {
        if (entries.size >= max) entries.delete(entries.keys().next().value as string);
        entries.set(sid, {
          value: found.value,
          userId: found.userId,
          expiresAtMs: found.expiresAtMs,
          until: Date.now() + ttlMs,
        });
      }
      return found.value;
    },
    revokeSession: (sid) => broadcast({ sid }),
    revokeUser: (user, keep) => broadcast(keep ? { user, keep } : { user }),
    onRevoke(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listenerCount: () => listeners.size,
    size: () => entries.size,
  };
}
