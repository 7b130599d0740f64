import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { RedisClients } from '../lib/redis.ts';

export type RealtimeEvent = { type: string; data: unknown };
export type Realtime = {
  /** Delivers an event to every live connection of that user, on any API instance. */
  publish: (userId: string, event: RealtimeEvent) => Promise<void>;
  /** Listens for one user's events on this instance; returns the unsubscribe function. */
  subscribe: (userId: string, listener: (event: RealtimeEvent) => void) => () => void;
  /** Listeners subscribed on this instance (one per live stream); for diagnostics. */
  listenerCount: () => number;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * In-process fan-out, bridged through Redis pub/sub when REDIS_URL is set. While Redis is down,
 * events reach this instance's clients only; the others catch up by polling (clients always do).
 */
export async function registerRealtime(
  app: FastifyInstance,
  redis: RedisClients | null,
): Promise<void> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const emitLocal = (userId: string, event: RealtimeEvent) => local.emit(`u:${userId}`, event);
  const channel = redis?.channel('realtime') ?? '';

  if (redis) {
    const { subscriber } = redis;
    subscriber.on('message', (heard: string, raw: string) => {
      if (heard !== channel) return; // the session cache's revocations share the connection
      try {
        const { userId, event } = JSON.parse(raw) as { userId: string; event: RealtimeEvent };
        emitLocal(userId, event);
      } catch (err) {
        app.log.warn({ err }, 'dropped a malformed realtime message');
      }
    });
    // The SUBSCRIBE waits in the offline queue while Redis is down; start-up does not.
    const subscribed = subscriber.subscribe(channel).catch((err: unknown) => {
      app.log.warn({ err }, 'realtime could not subscribe to Redis');
    });
    if (subscriber.status === 'ready') await subscribed;
  }

  app.decorate('realtime', {
    async publish(userId, event) {
      if (!redis) return void emitLocal(userId, event);
      try {
        await redis.commands.publish(channel, JSON.stringify({ userId, event }));
      } catch {
        emitLocal(userId, event); // Redis is down (already logged once by lib/redis)
      }
    },
    subscribe(userId, listener) {
      local.on(`u:${userId}`, listener);
      return () => local.off(`u:${userId}`, listener);
    },
    listenerCount() {
      return local.eventNames().reduce((sum, name) => sum + local.listenerCount(name), 0);
    },
  } satisfies Realtime);
}
