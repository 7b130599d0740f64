import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** The app's only Redis connections: one per role, shared by every plugin that needs Redis. */
export type RedisClients = {
  /** Rate-limit counters and realtime publishing. Fails fast while Redis is down. */
  commands: Redis;
  /** Realtime subscriptions (a subscribed connection cannot run other commands). */
  subscriber: Redis;
  /** Both connections are up; /readyz reports Redis as unreachable otherwise. */
  isReady: () => boolean;
  /**
   * The pub/sub channel of that name for this deployment. Redis delivers a PUBLISH to every
   * subscriber on the server whatever database number they chose, so the number in REDIS_URL
   * goes into the channel's name: two deployments on one Redis server, each on its own database
   * (a restored copy beside the live one), do not hear each other's events.
   */
  channel: (name: string) => string;
  close: () => Promise<void>;
};

/** How long start-up waits for a first connection before going on without Redis. */
const FIRST_CONNECT_MS = 2000;

// Reconnect for ever, backing off to at most 2 s between tries, so that the app recovers on
// its own once Redis is back.
const retryStrategy = (times: number) => Math.min(times * 100, 2000);

/**
 * Connects both role clients. A Redis outage is not an outage of the app: callers fail open,
 * and one warning is logged per outage (not per request or reconnect attempt).
 */
export async function createRedisClients(
  url: string,
  log: FastifyBaseLogger,
): Promise<RedisClients> {
  // No offline queue: while Redis is down, commands reject at once instead of holding requests.
  const commands = new Redis(url, {
    retryStrategy,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // Queued SUBSCRIBE waits for the connection; ioredis re-subscribes after every reconnect.
  const subscriber = new Redis(url, {
    retryStrategy,
    maxRetriesPerRequest: null,
    autoResubscribe: true,
  });

  let down = false;
  const watch = (client: Redis) => {
    client.on('error', (err: Error) => {
      if (down) return;
      down = true;
      log.warn({ err: err.message }, 'Redis is unreachable: rate limits fail open, realtime waits');
    });
    client.on('ready', () => {
      if (!down || !isReady()) return;
      down = false;
      log.info('Redis is reachable again');
    });
  };
  const isReady = () => commands.status === 'ready' && subscriber.status === 'ready';
  watch(commands);
  watch(subscriber);

  // Connection errors are expected here (Redis may be down at start-up), so wait on 'ready' only.
  const ready = (client: Redis) => new Promise((r) => client.once('ready', r));
  await Promise.race([
    Promise.all([ready(commands), ready(subscriber)]),
    new Promise((r) => setTimeout(r, FIRST_CONNECT_MS).unref()),
  ]);

  const database = commands.options.db ?? 0;
  return {
    commands,
    subscriber,
    isReady,
    channel: (name) => `pawsy:${database}:${name}`,
    close: async () => {
      for (const client of [subscriber, commands]) {
        if (client.status === 'ready') await client.quit().catch(() => undefined);
        else client.disconnect();
      }
    },
  };
}
