import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

export type RealtimeEvent = { type: string; data: unknown };
export type Realtime = {
  /** Delivers an event to every live connection of that user, on any API instance. */
  publish: (userId: string, event: RealtimeEvent) => Promise<void>;
  /** Listens for one user's events on this instance; returns the unsubscribe function. */
  subscribe: (userId: string, listener: (event: RealtimeEvent) => void) => () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const CHANNEL = 'pawsy:realtime';

/** In-process fan-out, bridged through Redis pub/sub when REDIS_URL is set. */
export async function registerRealtime(
  app: FastifyInstance,
  redisUrl: string | null,
): Promise<void> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const emitLocal = (userId: string, event: RealtimeEvent) => local.emit(`u:${userId}`, event);

  let publisher: Redis | null = null;
  if (redisUrl) {
    publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', (_channel, raw) => {
      try {
        const { userId, event } = JSON.parse(raw) as { userId: string; event: RealtimeEvent };
        emitLocal(userId, event);
      } catch (err) {
        app.log.warn({ err }, 'dropped a malformed realtime message');
      }
    });
    app.addHook('onClose', async () => {
      await subscriber.quit().catch(() => undefined);
      await publisher?.quit().catch(() => undefined);
    });
  }

  app.decorate('realtime', {
    async publish(userId, event) {
      if (publisher) await publisher.publish(CHANNEL, JSON.stringify({ userId, event }));
      else emitLocal(userId, event);
    },
    subscribe(userId, listener) {
      local.on(`u:${userId}`, listener);
      return () => local.off(`u:${userId}`, listener);
    },
  } satisfies Realtime);
}
